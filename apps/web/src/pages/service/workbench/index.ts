import { loadNamespace } from '@/shared/i18n.ts';
import { Workbench } from './Workbench.tsx';

// Service workbench (`service/see/workbench`): agents chat with players in real time.
await loadNamespace('cs');
// The context's order states and sanctions, and the ticket's states and kinds.
await Promise.all(['csOrders', 'sanctions', 'tickets'].map((ns) => loadNamespace(ns)));
export default Workbench;

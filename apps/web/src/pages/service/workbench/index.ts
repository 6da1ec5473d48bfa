import { loadNamespace } from '@/shared/i18n.ts';
import { Workbench } from './Workbench.tsx';

// Service workbench (`service/see/workbench`): agents chat with players in real time.
await loadNamespace('cs');
export default Workbench;

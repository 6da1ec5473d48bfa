import { loadNamespace } from '@/shared/i18n.ts';
import { IncidentsPage } from './IncidentsPage.tsx';

// Incidents (`offline/see/accident`): severity, games and regions, a timeline, a post-mortem.
await loadNamespace('incidents');
export default IncidentsPage;

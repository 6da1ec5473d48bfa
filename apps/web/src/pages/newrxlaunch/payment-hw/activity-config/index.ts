import { loadNamespace } from '@/shared/i18n.ts';
import { ActivitiesPage } from './ActivitiesPage.tsx';

// Web recharge site top-up activities (webActivitiesResource in @rx/contracts/web-site).
await loadNamespace('webSite');
export default ActivitiesPage;

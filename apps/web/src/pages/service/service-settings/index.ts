import { loadNamespace } from '@/shared/i18n.ts';
import { ServiceSettingsPage } from './ServiceSettingsPage.tsx';

// Service settings (`service/see/service_setting`): business hours, holidays, assignment, survey, SLA, teams.
await Promise.all([loadNamespace('cs'), loadNamespace('csSettings')]);
export default ServiceSettingsPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { ServiceLogPage } from './ServiceLogPage.tsx';

// Service operation log (`service/see/operation_log`): what staff changed in customer service.
await Promise.all([loadNamespace('oplog'), loadNamespace('csLog')]);
export default ServiceLogPage;

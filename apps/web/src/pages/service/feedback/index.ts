import { loadNamespace } from '@/shared/i18n.ts';
import { ServiceFeedbackPage } from './ServiceFeedbackPage.tsx';

// Service feedback (`service/see/feedback`): the service desk's queue of both ticket kinds.
await loadNamespace('tickets');
export default ServiceFeedbackPage;

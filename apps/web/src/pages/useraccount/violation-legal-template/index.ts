import { loadNamespace } from '@/shared/i18n.ts';
import { ViolationTemplatesPage } from './ViolationTemplatesPage.tsx';

// Violation templates (hidden page of risk-control account handling): escalation ladders.
await loadNamespace('violationTemplates');
export default ViolationTemplatesPage;

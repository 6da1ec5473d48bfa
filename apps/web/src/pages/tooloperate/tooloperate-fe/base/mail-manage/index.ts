import { loadNamespace } from '@/shared/i18n.ts';
import { MailPage } from '../mail/MailPage.tsx';

// System mail (`mail/see/mail`): compose, send (with approval when a policy asks), recall, counts.
await Promise.all([loadNamespace('mail'), loadNamespace('approvals')]);
export default MailPage;

import { createElement } from 'react';
import { loadNamespace } from '@/shared/i18n.ts';
import { MailPage } from '../mail/MailPage.tsx';

// The new mail page (`mail/see/mail_new`): the mail list under its own title; the compose form
// opens only when staff ask for it (issue 27: never on arrival).
await Promise.all([loadNamespace('mail'), loadNamespace('approvals')]);
export default function NewMailPage() {
  return createElement(MailPage, { compose: true });
}

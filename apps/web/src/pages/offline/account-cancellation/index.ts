import { loadNamespace } from '@/shared/i18n.ts';
import { AccountCancellationsPage } from './AccountCancellationsPage.tsx';

// Account cancellation (`offline/see/account_cancellation`): requests, cooling-off, legal hold, receipts.
await loadNamespace('accountCancellations');
export default AccountCancellationsPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { ApprovalsPage } from './ApprovalsPage.tsx';

// Two-person approval (`/approvals`, every signed-in user): requests to decide, one's own, and the
// CP's policies for admins.
await loadNamespace('approvals');
export default ApprovalsPage;

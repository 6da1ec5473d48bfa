import { loadNamespace } from '@/shared/i18n.ts';
import { StaffPage } from './StaffPage.tsx';

// Staff (admins only): the CP's accounts, their roles, and their sign-in state.
await loadNamespace('system');
export default StaffPage;

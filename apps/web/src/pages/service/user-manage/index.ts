import { loadNamespace } from '@/shared/i18n.ts';
import { UserManagePage } from './UserManagePage.tsx';

// User management (`service/see/user`): the players service knows, their card, history and notes.
await Promise.all([loadNamespace('cs'), loadNamespace('tickets'), loadNamespace('csUsers')]);
export default UserManagePage;

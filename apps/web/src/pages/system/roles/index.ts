import { loadNamespace } from '@/shared/i18n.ts';
import { RolesPage } from './RolesPage.tsx';

// Roles (admins only): what each role may see and do, as a matrix over the page catalogue.
await loadNamespace('system');
export default RolesPage;

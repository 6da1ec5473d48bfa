import { loadNamespace } from '@/shared/i18n.ts';
import { PersonnelPage } from './PersonnelPage.tsx';

// Personnel settings (`service/see/personnel`): the CP's agents and how many conversations each takes.
await Promise.all([loadNamespace('cs'), loadNamespace('csPersonnel')]);
export default PersonnelPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { ScenesPage } from './ScenesPage.tsx';

// Pop-up exposure scenes (`commercialization/see/scene`): where pop-ups show, how many, how often.
await loadNamespace('popups');
export default ScenesPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { MaterialsPage } from './MaterialsPage.tsx';

// The five material strategies (invite, password, video, app, mini-game sharing), one page module
// configured by the kind's registry entry (`share/see/<kind>_strategy`).
await loadNamespace('share');
await loadNamespace('shareMaterials');
export default MaterialsPage;

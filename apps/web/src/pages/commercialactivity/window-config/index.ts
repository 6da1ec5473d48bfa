import { loadNamespace } from '@/shared/i18n.ts';
import { PopupsPage } from './PopupsPage.tsx';

// In-game pop-ups (`commercialization/see/window`): images, audience, scenes, caps, along the lifecycle.
await Promise.all([loadNamespace('popups'), loadNamespace('approvals')]);
export default PopupsPage;

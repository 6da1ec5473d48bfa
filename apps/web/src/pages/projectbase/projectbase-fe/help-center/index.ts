import { loadNamespace } from '../../../../shared/i18n.ts';
import { HelpCenterPage } from './HelpCenterPage.tsx';

// Help centre (`service/see/help_center`): categories and articles players read in the game.
await loadNamespace('help');
export default HelpCenterPage;

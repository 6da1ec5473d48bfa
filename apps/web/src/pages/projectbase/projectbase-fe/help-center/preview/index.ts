import { loadNamespace } from '../../../../../shared/i18n.ts';
import { HelpPreviewPage } from './HelpPreviewPage.tsx';

// Help centre preview (hidden, `service/see/help_center`): the published help centre as a player sees it.
await loadNamespace('help');
export default HelpPreviewPage;

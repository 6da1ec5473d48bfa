import { helpArticlesResource } from '@rx/contracts/help-center';
import { loadNamespace } from '@/shared/i18n.ts';
import { HelpCenterPage } from './HelpCenterPage.tsx';

// Help centre (helpArticlesResource): categories and articles players read in the game.
await loadNamespace(helpArticlesResource.namespace);
export default HelpCenterPage;

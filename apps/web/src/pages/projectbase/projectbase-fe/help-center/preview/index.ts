import { helpArticlesResource } from '@rx/contracts/help-center';
import { loadNamespace } from '@/shared/i18n.ts';
import { HelpPreviewPage } from './HelpPreviewPage.tsx';

// Help centre preview (hidden, helpArticlesResource): the published help centre as a player sees it.
await loadNamespace(helpArticlesResource.namespace);
export default HelpPreviewPage;

import { helpArticlesResource } from '@rx/contracts/help-center';
import { loadNamespace } from '@/shared/i18n.ts';
import { ArticleEditorPage } from './ArticleEditorPage.tsx';

// Help centre detail (hidden, helpArticlesResource): writing one article in its languages.
await loadNamespace(helpArticlesResource.namespace);
export default ArticleEditorPage;

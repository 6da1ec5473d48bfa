import { loadNamespace } from '../../../../../shared/i18n.ts';
import { ArticleEditorPage } from './ArticleEditorPage.tsx';

// Help centre detail (hidden, `service/see/help_center`): writing one article in its languages.
await loadNamespace('help');
export default ArticleEditorPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { LinksPage } from '../LinksPage.tsx';

// Every overseas platform's tracked links (`share/see/<platform>_link_hw`): the same page as the
// domestic one, on the overseas platforms' permissions.
await loadNamespace('share');
export default LinksPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { LinksPage } from '../LinksPage.tsx';

// Every domestic platform's tracked links (`share/see/<platform>_link`): one page for all.
await loadNamespace('share');
export default LinksPage;

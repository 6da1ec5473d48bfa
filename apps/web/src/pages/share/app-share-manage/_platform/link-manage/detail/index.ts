import { loadNamespace } from '@/shared/i18n.ts';
import { LinkDetailPage } from '../../LinkDetailPage.tsx';

// One tracked link of any platform (`…/<platform>/link-manage/:id`): one page for all.
await loadNamespace('share');
export default LinkDetailPage;

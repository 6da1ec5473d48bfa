import { loadNamespace } from '@/shared/i18n.ts';
import { StrategyDetailPage } from '../../StrategyDetailPage.tsx';

// One share strategy of any platform (`…/<platform>/strategy-manage/:id`): one page for all.
await loadNamespace('share');
export default StrategyDetailPage;

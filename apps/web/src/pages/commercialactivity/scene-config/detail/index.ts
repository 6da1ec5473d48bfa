import { loadNamespace } from '@/shared/i18n.ts';
import { SceneDetailPage } from './SceneDetailPage.tsx';

// A pop-up scene on its own page: a new one, one edited, or a copy of one (`detail/:uid?/:copy?`).
await loadNamespace('popups');
export default SceneDetailPage;

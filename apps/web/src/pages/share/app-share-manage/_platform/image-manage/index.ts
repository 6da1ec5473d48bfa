import { loadNamespace } from '@/shared/i18n.ts';
import { ImagesPage } from './ImagesPage.tsx';

// Every platform's share images (`share/see/<platform>_image`): one page for the sixteen.
await loadNamespace('share');
export default ImagesPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { VideosPage } from './VideosPage.tsx';

// Every platform's share videos (`share/see/<platform>_videos`): Douyin's video materials.
await loadNamespace('share');
export default VideosPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { MultiImagesPage } from './MultiImagesPage.tsx';

// Every platform's multi-image posts (`share/see/<platform>_multi_image`): TikTok's photo mode.
await loadNamespace('share');
export default MultiImagesPage;

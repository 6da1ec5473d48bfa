import { loadNamespace } from '@/shared/i18n.ts';
import { SharePlatformsPage } from './SharePlatformsPage.tsx';

// Each game's set-up of the share platforms of the registry (`share/see/share_platform`).
await loadNamespace('share');
export default SharePlatformsPage;

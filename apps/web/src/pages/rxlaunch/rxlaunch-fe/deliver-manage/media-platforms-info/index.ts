import { loadNamespace } from '@/shared/i18n.ts';
import { MediaPlatformsPage } from './MediaPlatformsPage.tsx';

// Media platforms info (`launch/see/media_platform`): the media of the registry and how each is reached.
await loadNamespace('adLibrary');
export default MediaPlatformsPage;

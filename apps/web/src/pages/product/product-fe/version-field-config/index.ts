import { loadNamespace } from '@/shared/i18n.ts';
import { VersionFieldsPage } from './VersionFieldsPage.tsx';

// Version fields (`edition/see/version_field`): typed settings each version carries to the game.
await loadNamespace('versionFields');
export default VersionFieldsPage;

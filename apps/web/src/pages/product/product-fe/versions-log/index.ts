import { loadNamespace } from '@/shared/i18n.ts';
import { VersionLogPage } from './VersionLogPage.tsx';

// The release log (`edition/see/version_log`): who released what, when.
await loadNamespace('releases');
export default VersionLogPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { ReleasesPage } from './ReleasesPage.tsx';

// Versions (`edition/see/edition`): each platform and channel's versions, their publishes and staged rollout.
await Promise.all([loadNamespace('releases'), loadNamespace('approvals'), loadNamespace('versionFields')]);
export default ReleasesPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { PackagesPage } from './PackagesPage.tsx';

// Installation packages (`package/see/package`): an uploaded build per platform, channel and sub-channel.
await loadNamespace('appPackages');
export default PackagesPage;

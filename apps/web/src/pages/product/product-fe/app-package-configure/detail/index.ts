import { loadNamespace } from '@/shared/i18n.ts';
import { PackageDetailPage } from './PackageDetailPage.tsx';

// One installation package: its file, status and the version it ships.
await Promise.all([loadNamespace('appPackages'), loadNamespace('releases')]);
export default PackageDetailPage;

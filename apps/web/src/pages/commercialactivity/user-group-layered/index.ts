import { loadNamespace } from '@/shared/i18n.ts';
import { LayersPage } from './LayersPage.tsx';

// A user group's layers: exclusive percentage buckets, stable per player.
await loadNamespace('user-groups');
export default LayersPage;

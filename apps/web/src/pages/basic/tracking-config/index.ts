import { loadNamespace } from '@/shared/i18n.ts';
import { TrackingPage } from './TrackingPage.tsx';

// Share tracking (`share/see/tracking`): the share funnel per day, invite reward settings and the rewards given.
await loadNamespace('shareTracking');
export default TrackingPage;

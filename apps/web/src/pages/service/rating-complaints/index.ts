import { loadNamespace } from '@/shared/i18n.ts';
import { RatingComplaintsPage } from './RatingComplaintsPage.tsx';

// Rating and complaints (`service/see/rating_complaint`): low ratings and the complaint workflow.
await Promise.all([loadNamespace('cs'), loadNamespace('csRatings')]);
export default RatingComplaintsPage;

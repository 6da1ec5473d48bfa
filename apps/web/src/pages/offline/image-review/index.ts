import { loadNamespace } from '@/shared/i18n.ts';
import { ImageReviewPage } from './ImageReviewPage.tsx';

// Image review (`offline/see/image_review`): players' images, their score and verdict, the policy.
await loadNamespace('imageReviews');
export default ImageReviewPage;

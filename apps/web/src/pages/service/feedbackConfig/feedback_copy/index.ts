import { loadNamespace } from '@/shared/i18n.ts';
import { ProductFeedbackPage } from './ProductFeedbackPage.tsx';

// Product feedback (`service/see/product_feedback`): the queue of platform-level tickets.
await loadNamespace('tickets');
export default ProductFeedbackPage;

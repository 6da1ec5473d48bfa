import { loadNamespace } from '../../../../shared/i18n.ts';
import { FeedbackTypesPage } from './FeedbackTypesPage.tsx';

// Feedback types (`service/see/feedback_type`): the tree that shapes the player's feedback form.
await loadNamespace('feedbackTypes');
export default FeedbackTypesPage;

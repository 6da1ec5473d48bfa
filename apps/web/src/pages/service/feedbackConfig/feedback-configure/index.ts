import { feedbackTypesResource } from '@rx/contracts/feedback-types';
import { loadNamespace } from '@/shared/i18n.ts';
import { FeedbackTypesPage } from './FeedbackTypesPage.tsx';

// Feedback types (feedbackTypesResource): the tree that shapes the player's feedback form.
await loadNamespace(feedbackTypesResource.namespace);
export default FeedbackTypesPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { PlayerFeedbackPage } from './PlayerFeedbackPage.tsx';

// Player feedback (`service/see/player_feedback`): in-game tickets and reports against players.
await loadNamespace('tickets');
export default PlayerFeedbackPage;

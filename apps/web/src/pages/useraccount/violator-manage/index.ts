import { loadNamespace } from '@/shared/i18n.ts';
import { ViolatorsPage } from './ViolatorsPage.tsx';

// Game-behaviour violations (`risk_control/see/violator`): violators grouped by player, for review.
await loadNamespace('violations');
export default ViolatorsPage;

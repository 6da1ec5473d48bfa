import { loadNamespace } from '@/shared/i18n.ts';
import { MinigameMonitorPage } from './MinigameMonitorPage.tsx';

// Tencent's mini-game monitor (`launch/see/gdt_minigame_monitor`): mini-game days with ROI and the
// thresholds that flag them.
await Promise.all([loadNamespace('adMinigames'), loadNamespace('ads')]);
export default MinigameMonitorPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { WindowsPage } from './WindowsPage.tsx';

// Window management (`launch/see/window`). Decision: a "window" is one of the game's showcase
// landing entries its ads open on a medium — a WeChat mini-game/mini-program path, an https H5
// address, or an app of the ad tools' applications on the same medium — with a cover image from
// the material library that must keep to the medium's landscape cover rule (16:9, at least
// 1280×720; Huawei 1080×607), checked on the server. Disabled windows stay listed but are not offered
// to plans; promotion activities name the window their ads land on, and each window counts them.
await loadNamespace('adWindows');
export default WindowsPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { PanelSettingsPage } from './PanelSettingsPage.tsx';

// Service panel settings (`service/see/panel_setting`): greeting, quick questions and help links per language.
await loadNamespace('csPanel');
export default PanelSettingsPage;

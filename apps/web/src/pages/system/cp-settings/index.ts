import { loadNamespace } from '@/shared/i18n.ts';
import { CpSettingsPage } from './CpSettingsPage.tsx';

// The CP's own settings (admins only): name, publish area, game gateway domain.
await loadNamespace('system');
export default CpSettingsPage;

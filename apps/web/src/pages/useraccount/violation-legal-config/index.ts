import { loadNamespace } from '@/shared/i18n.ts';
import { SanctionsPage } from './SanctionsPage.tsx';

// Risk-control account handling (`risk_control/see/risk_control`): sanctions across players, bulk from a file.
await loadNamespace('sanctions');
export default SanctionsPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { LotteriesPage } from './LotteriesPage.tsx';

// Lottery (`share/see/prize`): prizes, atomic auditable draws, draw records.
await loadNamespace('lottery');
export default LotteriesPage;

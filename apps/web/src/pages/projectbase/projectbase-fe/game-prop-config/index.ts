import { loadNamespace } from '@/shared/i18n.ts';
import { PropsPage } from './PropsPage.tsx';

// Game props (`commercialization/see/prop`): the item catalogue of the chosen game.
await loadNamespace('props');
export default PropsPage;

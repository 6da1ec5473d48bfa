import { loadNamespace } from '@/shared/i18n.ts';
import { CardsPage } from './CardsPage.tsx';

// Every platform's share cards (`share/see/<platform>_card`): one page for the sixteen.
await loadNamespace('share');
export default CardsPage;

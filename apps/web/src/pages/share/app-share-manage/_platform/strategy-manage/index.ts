import { loadNamespace } from '@/shared/i18n.ts';
import { StrategiesPage } from './StrategiesPage.tsx';

// Every platform's share strategies (`share/see/<platform>_strategy`): one page for the sixteen.
await loadNamespace('share');
export default StrategiesPage;

import { loadNamespace } from '@/shared/i18n.ts';
import { RulesPage } from './RulesPage.tsx';

// The automated rules' editor (`launch/see/trustship_rule`): rules, dry run, run now, history.
await loadNamespace('adRules');
export default RulesPage;

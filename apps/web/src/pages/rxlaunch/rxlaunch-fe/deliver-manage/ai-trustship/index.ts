import { loadNamespace } from '@/shared/i18n.ts';
import { TrustshipPage } from './TrustshipPage.tsx';

// Hosted delivery (`launch/see/ai_trustship`): the ads under each rule, its actions and savings.
await loadNamespace('adRules');
export default TrustshipPage;

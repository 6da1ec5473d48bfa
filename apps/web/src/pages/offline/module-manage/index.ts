import { loadNamespace } from '@/shared/i18n.ts';
import { FeatureModulesPage } from './FeatureModulesPage.tsx';

// Module management (`offline/see/module`): feature modules per channel and version, rolled out.
await loadNamespace('featureModules');
export default FeatureModulesPage;

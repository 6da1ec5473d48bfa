import { loadNamespace } from '@/shared/i18n.ts';
import { CommonScriptsPage } from './CommonScriptsPage.tsx';

// Common scripts (`service/see/common_script`): the agents' canned replies, shared and personal.
await loadNamespace('csScripts');
export default CommonScriptsPage;

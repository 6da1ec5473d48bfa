import { loadNamespace } from '@/shared/i18n.ts';
import { TestManagePage } from './TestManagePage.tsx';

// Test management (`test/see/test`): test plans per version, cases, runs and test accounts.
await Promise.all([loadNamespace('testing'), loadNamespace('releases'), loadNamespace('files')]);
export default TestManagePage;

import { loadNamespace } from '@/shared/i18n.ts';
import { TemplatesPage } from './TemplatesPage.tsx';

// A medium's batch templates (`launch/see/<medium>_batch_create`), the medium from the catalogue path.
await loadNamespace('ads');
export default TemplatesPage;

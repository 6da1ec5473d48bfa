import { loadNamespace } from '@/shared/i18n.ts';
import { DocumentsPage } from './DocumentsPage.tsx';

// Documents (`offline/see/document`): rich text, categories, attachments, versions, search.
await loadNamespace('documents');
export default DocumentsPage;

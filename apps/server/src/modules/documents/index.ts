import { defineModule } from '../../lib/server-module.ts';
import { documentRoutes } from './documents.ts';

/** Internal documents (page `/offline/documents`): rich text, categories, attachments, versions, search. */
export const documentsModule = defineModule({ name: 'documents', routes: documentRoutes });
export { documentVersions, documents } from './tables.ts';

import { loadNamespace } from '@/shared/i18n.ts';
import FileUpload from './FileUpload.tsx';

// The field's strings are ready before it first renders.
await loadNamespace('files');
export default FileUpload;

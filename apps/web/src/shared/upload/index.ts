/** Uploads: a form field whose value is a file's address (lazily loaded), and the sending itself. */
export { UploadField } from './UploadField.tsx';
export type { FileUploadProps } from './FileUpload.tsx';

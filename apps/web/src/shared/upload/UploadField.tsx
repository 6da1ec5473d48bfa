import { lazy, Suspense } from 'react';
import { Input } from 'antd';
import type { FileUploadProps } from './FileUpload.tsx';

// The upload field and its strings load with the first form that shows one, not with the shell.
const FileUpload = lazy(() => import('./load.ts'));

/**
 * A form field holding a file's address (an icon, an image): upload with progress and preview, or
 * an address typed in. Drops into `<Form.Item name="icon_url">` in place of a text input.
 */
export function UploadField(props: FileUploadProps) {
  return (
    <Suspense fallback={<Input id={props.id} value={props.value} disabled aria-busy="true" readOnly />}>
      <FileUpload {...props} />
    </Suspense>
  );
}

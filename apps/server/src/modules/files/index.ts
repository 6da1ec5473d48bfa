import { defineModule } from '../../lib/server-module.ts';
import { fileRoutes, publicFileRoutes } from './routes.ts';

/** Uploaded files: the upload and download API, the public address of images, and the stores. */
export const filesModule = defineModule({
  name: 'files',
  routes: fileRoutes,
  // Images reach games and players at `/files/<id>`.
  mounts: [{ prefix: '', routes: publicFileRoutes }],
});
export { openFileStorage, type FileStorage } from './routes.ts';
export type { ByteRange, S3Options } from './storage.ts';
export { keepBytes } from './save.ts';

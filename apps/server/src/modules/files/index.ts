/** Uploaded files: the upload and download API, the public address of images, and the stores. */
export { fileRoutes, openFileStorage, publicFileRoutes, type FileStorage } from './routes.ts';
export type { S3Options } from './storage.ts';

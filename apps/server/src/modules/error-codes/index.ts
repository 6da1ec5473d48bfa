/** Error-code texts of a product: the `/error-codes` routes and what the game API reads. */
export { errorCodeRoutes } from './routes.ts';
export { gameErrorCodes } from './service.ts';

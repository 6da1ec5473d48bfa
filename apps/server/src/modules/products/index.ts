/** Products (games) of a CP: the `/products` routes and the service other modules may call. */
export { productRoutes, PRODUCT_SEE } from './routes.ts';
export { getProduct, toProduct } from './service.ts';

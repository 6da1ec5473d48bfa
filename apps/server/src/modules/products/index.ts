import { productsResource } from '@rx/contracts';

/** Products (games) of a CP: the `/products` routes and the service other modules may call. */
export { productRoutes, productService, toProduct } from './products.ts';
/** The products page's permission (the game keys of a product are guarded by it). */
export const PRODUCT_SEE = productsResource.permissions.see;

import { productsResource } from '@rx/contracts';
import { defineModule } from '../../lib/server-module.ts';
import { productRoutes } from './products.ts';

/** Products (games) of a CP: the `/products` routes and the service other modules may call. */
export const productsModule = defineModule({ name: 'products', routes: productRoutes });
export { productService, toProduct } from './products.ts';
/** The products page's permission (the game keys of a product are guarded by it). */
export const PRODUCT_SEE = productsResource.permissions.see;

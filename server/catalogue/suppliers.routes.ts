import { crudRoutes } from './crud';
import { supplierResource } from './resources';

/** The catalogue: list and show (public ones published only), create, update, delete (catalogue.manage). */
export const supplierRoutes = () => crudRoutes(supplierResource);

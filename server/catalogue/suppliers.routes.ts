import { crudRoutes } from './crud';
import { supplierResource } from './resources';

/** Spec §7 catalogue: list and show (public ones published only), create, update, delete (catalogue.manage). */
export const supplierRoutes = () => crudRoutes(supplierResource);

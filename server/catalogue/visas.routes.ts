import '../catalogue/seed';
import { crudRoutes } from './crud';
import { visaResource } from './resources';

/** The catalogue: list and show (public ones published only), create, update, delete (catalogue.manage). */
export const visaRoutes = () => crudRoutes(visaResource);

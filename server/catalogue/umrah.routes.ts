import { crudRoutes } from './crud';
import { umrahResource } from './resources';

/** The catalogue: list and show (public ones published only), create, update, delete (catalogue.manage). */
export const umrahRoutes = () => crudRoutes(umrahResource);

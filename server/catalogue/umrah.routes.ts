import { crudRoutes } from './crud';
import { umrahResource } from './resources';

/** Spec §7 catalogue: list and show (public ones published only), create, update, delete (catalogue.manage). */
export const umrahRoutes = () => crudRoutes(umrahResource);

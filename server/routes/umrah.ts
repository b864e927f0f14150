import { crudRoutes } from '../catalogue/crud';
import { umrahResource } from '../catalogue/resources';

/** Spec §7 catalogue: list and show (public ones published only), create, update, delete (catalogue.manage). */
export const umrahRoutes = () => crudRoutes(umrahResource);

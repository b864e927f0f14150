import { crudRoutes } from '../catalogue/crud';
import { holidayResource } from '../catalogue/resources';

/** Spec §7 catalogue: list and show (public ones published only), create, update, delete (catalogue.manage). */
export const holidayRoutes = () => crudRoutes(holidayResource);

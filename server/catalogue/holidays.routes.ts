import { crudRoutes } from './crud';
import { holidayResource } from './resources';

/** Spec §7 catalogue: list and show (public ones published only), create, update, delete (catalogue.manage). */
export const holidayRoutes = () => crudRoutes(holidayResource);

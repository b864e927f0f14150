import { crudRoutes } from './crud';
import { holidayResource } from './resources';

/** The catalogue: list and show (public ones published only), create, update, delete (catalogue.manage). */
export const holidayRoutes = () => crudRoutes(holidayResource);

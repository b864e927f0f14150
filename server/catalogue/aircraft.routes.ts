import { crudRoutes } from './crud';
import { aircraftResource } from './resources';

/** The catalogue: list and show (public ones published only), create, update, delete (catalogue.manage). */
export const aircraftRoutes = () => crudRoutes(aircraftResource);

import '../catalogue/register';
import { crudRoutes } from './crud';
import { groupTicketResource } from './resources';

/** The catalogue: list and show (public ones published only), create, update, delete (catalogue.manage). */
export const groupTicketRoutes = () => crudRoutes(groupTicketResource);

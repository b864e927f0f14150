import '../catalogue/register';
import { crudRoutes } from '../catalogue/crud';
import { groupTicketResource } from '../catalogue/resources';

/** Spec §7 catalogue: list and show (public ones published only), create, update, delete (catalogue.manage). */
export const groupTicketRoutes = () => crudRoutes(groupTicketResource);

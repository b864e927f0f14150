import { can } from '../../contract/permissions';
import type { SessionUser } from '../context';
import type { Order } from '../suppliers/flight/types';

/**
 * Who may see a supplier's PNR before it is in Safar. A GDS shows a PNR to the office that booked it: an order
 * booked through another channel for one of our agents is that agent's (and staff's, who import for agents);
 * one booked for an agency without an account here, staff only. Orders without an office (another supplier's)
 * stay open to approved agents by locator, as before.
 */
export function mayRetrieveOrder(order: Order, user: SessionUser): boolean {
  if (can(user.role, 'pnr.import') || can(user.role, 'bookings.manage')) return true;
  if (!order.office) return true;
  return user.role === 'agent' && order.office.agent_id === user.id;
}

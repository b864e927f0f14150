import { useUser } from '../../app/auth';
import type { Role } from '../../../machines/flight-booking';

/** The flow's role: approved agents book for their customers (wallet, markup); everyone else as a customer or guest. */
export function useFlowRole(): Role {
  const user = useUser();
  if (user?.role === 'agent') return 'agent';
  if (user?.role === 'customer') return 'customer';
  return 'guest';
}

export const checkoutPath = (role: Role) => (role === 'agent' ? '/agent/flight-checkout' : role === 'customer' ? '/customer-flight-checkout' : '/flight/checkout');
export const resultsPath = (role: Role) => (role === 'agent' ? '/agent/dashboard-flights' : '/flight/search');
export const searchPath = (role: Role) => (role === 'agent' ? '/agent/flights' : '/');

/**
 * Which agency a user acts for. A branch user books from its agency's wallet, with its agency's markup; an
 * agency (an agent with no parent) acts for itself. Every wallet debit, margin read and booking scope of an agent
 * goes through these, so a branch user never touches a wallet or a margin of its own.
 */
import type { SessionUser } from '../context';

type Member = Pick<SessionUser, 'id'> & { agencyId?: number | null };

export const agencyOf = (user: Member): number => user.agencyId ?? user.id;

/** The agency a purchase is made for: an agent's, none for a customer or a guest. */
export const purchaseAgency = (user: (Member & Pick<SessionUser, 'role'>) | null): number | null =>
  (user?.role === 'agent' ? agencyOf(user) : null);

/** The agency itself, or a branch user its agency made an agency admin: may manage users and see every booking. */
export const isAgencyAdmin = (user: Pick<SessionUser, 'role' | 'agencyId' | 'agencyRole'>): boolean =>
  user.role === 'agent' && (user.agencyId === null || user.agencyRole === 'agency_admin');

/** The agency a booking's wallet belongs to: its recorded agency, or (rows from before branches) its owner. */
export const bookingAgency = (row: { userId: number | null; agencyId?: number | null }): number | null => row.agencyId ?? row.userId;

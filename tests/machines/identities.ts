import type { User } from '../../contract/auth';

/** One user per identity the guard tells apart, shared by the machine and guard tests. */
const base = { status: 'active', created_at: '2026-01-01T00:00:00Z', agent_code: null } as const;
const make = (id: number, role: User['role'], email_verified: boolean, is_approved: '0' | '1'): User => ({
  ...base,
  id,
  name: `${role} ${id}`,
  email: `${role}${id}@test.safar`,
  role,
  email_verified,
  email_verified_at: email_verified ? '2026-01-01T00:00:00Z' : null,
  is_approved,
});

export const IDENTITIES = {
  anonymous: null,
  customerUnverified: make(1, 'customer', false, '1'),
  customer: make(2, 'customer', true, '1'),
  agentUnverified: make(3, 'agent', false, '0'),
  agentPending: make(4, 'agent', true, '0'),
  agentApproved: make(5, 'agent', true, '1'),
  admin: make(6, 'admin', true, '1'),
  accounts: make(7, 'accounts', true, '1'),
  reservation: make(8, 'reservation', true, '1'),
  analyst: make(9, 'analyst', true, '1'),
} satisfies Record<string, User | null>;

export type Identity = keyof typeof IDENTITIES;

export function identityOf(user: User | null): Identity {
  for (const [name, u] of Object.entries(IDENTITIES)) if (u?.id === user?.id) return name as Identity;
  throw new Error(`unknown test user ${user?.id}`);
}

import { count } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from './schema';
import { createUser } from '../auth/users';

export const DEMO_PASSWORD = 'Safar-demo-1';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.safar', name: 'Amina Admin', role: 'admin', note: 'admin' },
  { email: 'accounts@demo.safar', name: 'Omar Accounts', role: 'accounts', note: 'accounts' },
  { email: 'reservation@demo.safar', name: 'Sara Reservation', role: 'reservation', note: 'reservation' },
  { email: 'analyst@demo.safar', name: 'Layla Analyst', role: 'analyst', note: 'analyst, read-only' },
  { email: 'agent@demo.safar', name: 'Bilal Agent', role: 'agent', note: 'agent, approved and verified', approved: true, company: 'Crescent Travels' },
  { email: 'pending.agent@demo.safar', name: 'Hina Pending', role: 'agent', note: 'agent, verified, waiting for approval', approved: false, company: 'Oasis Tours' },
  { email: 'customer@demo.safar', name: 'Yusuf Customer', role: 'customer', note: 'customer' },
] as const;

/** Seeding steps other areas register (catalogue, banks, margins, ...). Each runs once, on a new database. */
export const seeders: Array<(ctx: AppContext) => Promise<void>> = [];

/**
 * Seeding steps run once the server answers, after the ones above on the same new database: demo bookings need
 * the flight network (a second or two to build), and a first start should not wait for them to sign someone in.
 */
export const lateSeeders: Array<(ctx: AppContext) => Promise<void>> = [];

export async function seedDemoLate(ctx: AppContext): Promise<void> {
  for (const seed of lateSeeders) await seed(ctx);
}

/** Seeds a new development database. Returns false when there was already data. */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(users);
  if (n > 0) return false;
  for (const a of DEMO_ACCOUNTS) {
    await createUser(ctx, {
      email: a.email,
      name: a.name,
      password: DEMO_PASSWORD,
      role: a.role,
      verified: true,
      isApproved: 'approved' in a ? a.approved : true,
      agent: 'company' in a ? { companyName: a.company, phone: '+92 21 3456 7890' } : undefined,
    });
  }
  for (const seed of seeders) await seed(ctx);
  return true;
}

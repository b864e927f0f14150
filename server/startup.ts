/**
 * What start-up decides about demo data and says about risky settings. A demo must stay a one-command affair, but
 * nothing about it may leak into a real deployment: demo accounts are seeded only into a database with no users,
 * and in production any demo account whose public password still works is suspended.
 */
import { inArray } from 'drizzle-orm';
import type { AppContext } from './context';
import { users } from './db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, seedDemoLate } from './db/seed';
import { warmNetwork } from './suppliers/flight';
import { loadOverrides } from './schedule-changes/overrides';
import { verifyPassword } from './auth/crypto';
import { paymentsStartupNote } from './payments/service';
import { flightSuppliers } from './bookings/suppliers';

export interface StartupNote { level: 'info' | 'warn'; text: string }

/** Which suppliers' flights are on sale; a FLIGHT_SUPPLIERS code that names none is a mistake to say out loud. */
function flightSuppliersNote(ctx: AppContext): StartupNote {
  const codes = flightSuppliers(ctx).list().map((s) => s.code);
  const wanted = ctx.config.sellFlightsFrom;
  const unknown = wanted?.filter((c) => !codes.includes(c)) ?? [];
  const selling = wanted ? codes.filter((c) => wanted.includes(c)) : codes;
  if (unknown.length || !selling.length) {
    return { level: 'warn', text: `FLIGHT_SUPPLIERS names ${unknown.join(', ') || 'no supplier'} that is not set up here (set up: ${codes.join(', ')}); flights on sale from: ${selling.join(', ') || 'none'}.` };
  }
  return { level: 'info', text: `Flights on sale from: ${selling.join(', ')}.` };
}

/** Suspends demo accounts that still have the public demo password; returns their emails. */
export async function suspendDemoAccounts(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db.select().from(users).where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email)));
  const open: string[] = [];
  for (const u of rows) {
    if (u.status === 'active' && (await verifyPassword(u.passwordHash, DEMO_PASSWORD))) open.push(u.email);
  }
  if (open.length) await ctx.db.update(users).set({ status: 'suspended' }).where(inArray(users.email, open));
  return open;
}

export async function prepareData(ctx: AppContext): Promise<{ seeded: boolean; notes: StartupNote[] }> {
  const notes: StartupNote[] = [];
  let seeded = false;
  if (ctx.config.env === 'production') {
    const suspended = await suspendDemoAccounts(ctx);
    if (suspended.length) notes.push({ level: 'warn', text: `Production: suspended ${suspended.length} demo account(s) whose password is public (${suspended.join(', ')}).` });
  } else {
    seeded = await seedDemo(ctx);
    notes.push({ level: 'warn', text: 'DEMO MODE: demo accounts with a public password, test-card payments, a local mail viewer. Not for real data; set NODE_ENV=production for that.' });
  }
  if (ctx.config.host !== '127.0.0.1' && ctx.config.host !== 'localhost' && ctx.config.host !== '::1') {
    notes.push({ level: ctx.config.env === 'production' ? 'info' : 'warn', text: `Listening on ${ctx.config.host} (HOST): reachable from other machines.` });
  }
  notes.push(paymentsStartupNote(ctx), flightSuppliersNote(ctx));
  return { seeded, notes };
}

/**
 * Work a start leaves until the server answers: the flight network, read or built a step per turn of the event loop
 * (pages, sign-ins and health checks need none of it; a search that comes first finishes it at once), then, on a
 * database seeded by this start, the demo bookings. `afterStartDone()` tells tests and benches when it is over.
 */
let lateDone = false;
export async function afterStart(ctx: AppContext, seeded: boolean): Promise<void> {
  try {
    await warmNetwork();
    // The airlines' changes to single flights, kept in the database, laid over the fresh timetable.
    await loadOverrides(ctx).catch((err) => ctx.log.warn({ err }, 'could not load the flight schedule changes'));
    if (seeded) await seedDemoLate(ctx);
  } catch (err) {
    ctx.log.warn({ err }, 'start-up work after listening failed');
  } finally {
    lateDone = true;
  }
}
export const afterStartDone = () => lateDone;

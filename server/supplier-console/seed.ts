/**
 * Seeds the demo's external PNRs (demo.ts) after the server listens, like the demo bookings: booking them
 * searches the flight network. Idempotent: a locator already in the supplier is left as it is, so running it
 * again (a restart, a second server) books nothing twice.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import { lateSeeders } from '../db/seed';
import { supplierOrders, users } from '../db/schema';
import { CONSOLE_SUPPLIER, createExternalPnr } from './service';
import { DEMO_EXTERNAL_PNRS } from './demo';

const day = (ctx: AppContext, n: number) => new Date(ctx.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);

export async function seedExternalPnrs(ctx: AppContext): Promise<string[]> {
  const emails = ['reservation@demo.safar', ...new Set(DEMO_EXTERNAL_PNRS.map((p) => p.agentEmail).filter((e): e is string => !!e))];
  const people = await ctx.db.select().from(users).where(inArray(users.email, emails));
  const staff = people.find((u) => u.email === 'reservation@demo.safar') as SessionUser | undefined;
  if (!staff) return [];
  const made: string[] = [];
  for (const demo of DEMO_EXTERNAL_PNRS) {
    const [there] = await ctx.db.select({ id: supplierOrders.id }).from(supplierOrders)
      .where(and(eq(supplierOrders.supplier, CONSOLE_SUPPLIER), eq(supplierOrders.pnr, demo.pnr))).limit(1);
    if (there) continue;
    const agent = demo.agentEmail ? people.find((u) => u.email === demo.agentEmail) : null;
    if (demo.agentEmail && !agent) continue;
    try {
      await createExternalPnr(ctx, staff, {
        origin: demo.origin, destination: demo.destination, date: day(ctx, demo.inDays), return_date: demo.returnInDays ? day(ctx, demo.returnInDays) : null, cabin: demo.cabin,
        agent_id: agent?.id ?? null, agency: demo.agency,
        passengers: demo.passengers.map(({ born, ...p }) => ({ ...p, dob: typeof born === 'string' ? born : day(ctx, -born.daysAgo) })),
      }, { pnr: demo.pnr });
      made.push(demo.pnr);
    } catch (err) {
      ctx.log.warn({ err, pnr: demo.pnr }, 'a demo external PNR was not seeded');
    }
  }
  return made;
}

lateSeeders.push(async (ctx) => {
  if (ctx.config.env === 'test') return;
  await seedExternalPnrs(ctx);
});

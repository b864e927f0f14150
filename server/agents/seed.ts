import { eq } from 'drizzle-orm';
import { seeders } from '../db/seed';
import { banks, customerMargins, users } from '../db/schema';
import { creditWallet } from '../ledger/service';
import { seedDevelopmentRates } from '../exchange-rates/service';

/** Demo banks, default customer margins, exchange rates and an opening deposit for the demo agent (development only). */
seeders.push(async (ctx) => {
  await ctx.db.insert(banks).values([
    { name: 'Meezan Bank', accountTitle: 'Safar Travel (Pvt) Ltd', accountNumber: '0101-0103456789', iban: 'PK36MEZN0001010103456789', branch: 'Clifton, Karachi' },
    { name: 'HBL', accountTitle: 'Safar Travel (Pvt) Ltd', accountNumber: '1234-79000123-03', iban: 'PK24HABB0012347900012303', branch: 'Blue Area, Islamabad' },
    { name: 'UBL', accountTitle: 'Safar Travel (Pvt) Ltd', accountNumber: '0987-245678901', iban: null, branch: 'Gulberg, Lahore' },
  ]);
  await ctx.db.insert(customerMargins).values({ id: 1, discountBp: 0, marginBp: 500, otherChargesMinor: 150_000 }).onConflictDoNothing();
  await seedDevelopmentRates(ctx.db, ctx.now());
  const [agent] = await ctx.db.select().from(users).where(eq(users.email, 'agent@demo.safar')).limit(1);
  if (agent) {
    await creditWallet(ctx.db, { agentId: agent.id, amountMinor: 50_000_000, type: 'adjustment', reference: 'adjustment:demo-opening', description: 'Opening balance (demo)' });
  }
});

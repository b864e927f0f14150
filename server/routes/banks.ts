import { Hono } from 'hono';
import { asc, count, eq } from 'drizzle-orm';
import type { AppEnv } from '../context';
import { banks, deposits } from '../db/schema';
import { can } from '../../contract/permissions';
import { BankInput, type Bank } from '../../contract/agents';
import { conflict, notFound } from '../http/errors';
import { approvedAgent, currentUser, requireOneOf, requirePermission, withPermission } from '../http/guards';
import { body } from '../http/validate';
import { idParam, meta, pageQuery } from '../agents/common';

type BankRow = typeof banks.$inferSelect;
export const toApiBank = (b: BankRow): Bank => ({
  id: b.id,
  name: b.name,
  account_title: b.accountTitle,
  account_number: b.accountNumber,
  iban: b.iban,
  branch: b.branch,
  is_active: b.isActive,
});

const values = (i: BankInput) => ({
  name: i.name,
  accountTitle: i.account_title,
  accountNumber: i.account_number,
  iban: i.iban || null,
  branch: i.branch || null,
  isActive: i.is_active,
});

/** Banks agents deposit into. Staff with banks.manage maintain them; approved agents read the active ones. */
export function bankRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/banks', requireOneOf(withPermission('banks.manage', 'deposits.manage'), approvedAgent), async (c) => {
    const user = currentUser(c);
    const staff = can(user.role, 'banks.manage') || can(user.role, 'deposits.manage');
    const q = pageQuery(c, {});
    const where = staff ? undefined : eq(banks.isActive, true);
    const rows = await c.get('ctx').db.select().from(banks).where(where).orderBy(asc(banks.name), asc(banks.id)).limit(q.limit).offset(q.offset);
    const [{ n }] = await c.get('ctx').db.select({ n: count() }).from(banks).where(where);
    return c.json({ data: rows.map(toApiBank), meta: meta(q, n) });
  });

  r.get('/banks/:id', requirePermission('banks.manage'), async (c) => {
    const [b] = await c.get('ctx').db.select().from(banks).where(eq(banks.id, idParam(c, 'Bank not found.'))).limit(1);
    if (!b) throw notFound('Bank not found.');
    return c.json({ data: toApiBank(b) });
  });

  r.post('/banks', requirePermission('banks.manage'), async (c) => {
    const input = await body(c, BankInput);
    const [b] = await c.get('ctx').db.insert(banks).values(values(input)).returning();
    return c.json({ message: 'Bank saved successfully', data: toApiBank(b) }, 201);
  });

  const update = async (c: import('hono').Context<AppEnv>) => {
    const id = idParam(c, 'Bank not found.');
    const input = await body(c, BankInput);
    const [b] = await c.get('ctx').db.update(banks).set({ ...values(input), updatedAt: c.get('ctx').now() }).where(eq(banks.id, id)).returning();
    if (!b) throw notFound('Bank not found.');
    return c.json({ message: 'Bank saved successfully', data: toApiBank(b) });
  };
  r.put('/banks/:id', requirePermission('banks.manage'), update);
  r.put('/banks', requirePermission('banks.manage'), update);

  const remove = async (c: import('hono').Context<AppEnv>) => {
    const id = idParam(c, 'Bank not found.');
    const db = c.get('ctx').db;
    const [{ n }] = await db.select({ n: count() }).from(deposits).where(eq(deposits.bankId, id));
    if (n > 0) throw conflict('This bank has deposits; deactivate it instead of deleting it.');
    const gone = await db.delete(banks).where(eq(banks.id, id)).returning({ id: banks.id });
    if (!gone.length) throw notFound('Bank not found.');
    return c.json({ message: 'Bank deleted successfully', data: { id } });
  };
  r.delete('/banks/:id', requirePermission('banks.manage'), remove);
  r.delete('/banks', requirePermission('banks.manage'), remove);

  return r;
}

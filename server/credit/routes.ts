import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { CreditLimitInput } from '../../contract/credit';
import { currentUser, requirePermission } from '../http/guards';
import { body } from '../http/validate';
import { idParam } from '../agents/common';
import { jobs } from '../jobs';
import { creditAccount, setCreditLimit } from './service';
import { deliverCreditAlerts, sendPaymentsDue } from './alerts';

/** Low-credit alerts go out within seconds of the posting that crossed a threshold (claimed per alert: safe on several servers). */
if (!jobs.some((j) => j.name === 'credit-alerts')) {
  jobs.push({ name: 'credit-alerts', everyMs: 10_000, run: (ctx) => deliverCreditAlerts(ctx) });
}
/** The payments-due summary: checked hourly, written once a day (its notices' dedupe key is the day). */
if (!jobs.some((j) => j.name === 'payments-due')) {
  jobs.push({ name: 'payments-due', everyMs: 60 * 60_000, run: (ctx) => sendPaymentsDue(ctx) });
}

/** An agent's credit line: accounts and admin set it; whoever reads ledgers reads it with its history. */
export function creditRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/agents/:id/credit', requirePermission('ledger.manage', 'ledger.read'), async (c) =>
    c.json({ data: await creditAccount(c.get('ctx').db, idParam(c, 'Agent not found.')) }));

  r.put('/agents/:id/credit', requirePermission('ledger.manage'), async (c) => {
    const agentId = idParam(c, 'Agent not found.');
    const input = await body(c, CreditLimitInput);
    const ctx = c.get('ctx');
    const data = await setCreditLimit(ctx.db, currentUser(c), agentId, input.limit, ctx.now());
    return c.json({ message: 'Credit limit saved.', data });
  });

  return r;
}

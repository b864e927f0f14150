import { Hono, type Context } from 'hono';
import { agencyOf } from '../agency/of';
import * as v from 'valibot';
import { randomUUID } from 'node:crypto';
import type { AppEnv } from '../context';
import { can } from '../../contract/permissions';
import { idFilter } from '../../contract/ids';
import { CHARGE_TYPES, ChargeInput, LEDGER_TYPES, StatementQuery, TransactionInput, TransactionUpdateInput, type ChargeType, type LedgerType } from '../../contract/ledger';
import { M } from '../../contract/fields';
import { notFound, validationError } from '../http/errors';
import { anyAgent, approvedAgent, currentUser, requireApprovedAgent, requireOneOf, requirePermission, withPermission } from '../http/guards';
import { body, jsonBody, issuesToErrors, query } from '../http/validate';
import { keptAnswer } from '../http/kept-answer';
import { readerLang } from '../http/lang';
import { walletBalance } from './service';
import { agentDashboard, ledgerSubject, statementOf } from './statement';
import { CHARGE_FAILED, listCharges, recordCharge } from './charges';
import { getTransaction, listTransactions, recordTransaction, redescribeTransaction } from './transactions';
import { idParam, meta, pageQuery } from '../agents/common';
import { fundsOf } from '../credit/service';

/** GET /show-all-charges's filters besides the paging. */
export const ChargeListFilters = {
  agent_id: idFilter(M.agent),
  type: v.optional(v.picklist([...CHARGE_TYPES, ''], M.chargeType)),
};
/** GET /transactions's filters besides the paging. */
export const TransactionListFilters = {
  agent_id: idFilter(M.agent),
  type: v.optional(v.picklist([...LEDGER_TYPES, ''], 'Unknown transaction type.')),
  from: StatementQuery.entries.from,
  to: StatementQuery.entries.to,
};

/** Statements and charges: staff who keep or read ledgers for any agent, an approved agent for its own. */
const ledgerReaders = requireOneOf(withPermission('ledger.manage', 'ledger.read'), approvedAgent);

export function ledgerRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: Context<AppEnv>) => c.get('ctx').db;

  // ---- statement, balance and the agent's home figures --------------------------------------------------
  r.get('/agent-statment', ledgerReaders, keptAnswer, async (c) => {
    const q = query(c, StatementQuery);
    const agentId = await ledgerSubject(db(c), currentUser(c), q.agent_id ? String(q.agent_id) : undefined);
    return c.json({ data: await statementOf(db(c), agentId, { from: q.from, to: q.to }) });
  });

  r.get('/wallet-balance', requireOneOf(withPermission('ledger.manage', 'deposits.manage'), anyAgent), async (c) => {
    const user = currentUser(c);
    const asked = c.req.query('agent_id');
    // Any agent may ask for its own (an unapproved one simply has 0); staff ask for an agent's.
    // A branch user's wallet is its agency's.
    const agentId = user.role === 'agent' ? agencyOf(user) : await ledgerSubject(db(c), user, asked, 'deposits.manage');
    if (user.role === 'agent' && asked && Number(asked) !== agentId) throw notFound('Agent not found.');
    // balance may be below zero down to −credit_limit; available (balance + credit) is what a booking may take.
    return c.json({ data: fundsOf(agentId, await walletBalance(db(c), agentId)) });
  });

  r.get('/agent-dashboard', requireApprovedAgent, async (c) => c.json({ data: await agentDashboard(db(c), currentUser(c).id, c.get('ctx').now(), readerLang(c)) }));

  // ---- other charges ------------------------------------------------------------------------------------
  r.post('/save-agent-charges', requirePermission('ledger.manage'), async (c) => {
    const parsed = v.safeParse(ChargeInput, await jsonBody(c));
    if (!parsed.success) throw validationError(issuesToErrors(parsed.issues), CHARGE_FAILED);
    const data = await recordCharge(c.get('ctx'), currentUser(c), parsed.output);
    return c.json({ message: 'Agent charges saved successfully', data }, 201);
  });

  r.get('/show-all-charges', ledgerReaders, async (c) => {
    const user = currentUser(c);
    const q = pageQuery(c, ChargeListFilters);
    let agentId: number | undefined;
    if (can(user.role, 'ledger.manage') || can(user.role, 'ledger.read')) agentId = q.agent_id ? Number(q.agent_id) : undefined;
    else {
      if (q.agent_id && Number(q.agent_id) !== user.id) throw notFound('Agent not found.');
      agentId = user.id;
    }
    const { data, total } = await listCharges(db(c), { agentId, type: (q.type || undefined) as ChargeType | undefined }, q);
    return c.json({ data, meta: meta(q, total) });
  });

  // ---- transactions (accounts) --------------------------------------------------------------------------
  r.get('/transactions', requirePermission('ledger.manage', 'ledger.read'), async (c) => {
    const q = pageQuery(c, TransactionListFilters);
    const filter = { agentId: q.agent_id ? Number(q.agent_id) : undefined, type: (q.type || undefined) as LedgerType | undefined, from: q.from || undefined, to: q.to || undefined };
    const { data, total } = await listTransactions(db(c), filter, q);
    return c.json({ data, meta: meta(q, total) });
  });

  r.get('/transactions/:id', requirePermission('ledger.manage', 'ledger.read'), async (c) =>
    c.json({ data: await getTransaction(db(c), idParam(c, 'Transaction not found.')) }));

  r.post('/transactions', requirePermission('ledger.manage'), async (c) => {
    const input = await body(c, TransactionInput);
    // A retried request with the same Idempotency-Key posts once.
    const key = c.req.header('idempotency-key')?.trim().slice(0, 100) || randomUUID();
    const { data, duplicate } = await recordTransaction(c.get('ctx'), currentUser(c), input, key);
    return c.json({ message: 'Transaction saved successfully', data }, duplicate ? 200 : 201);
  });

  const updateTx = async (c: Context<AppEnv>) => {
    const id = idParam(c, 'Transaction not found.');
    const input = await body(c, TransactionUpdateInput);
    return c.json({ message: 'Transaction updated successfully', data: await redescribeTransaction(db(c), id, input.description) });
  };
  r.put('/transactions', requirePermission('ledger.manage'), updateTx);
  r.put('/transactions/:id', requirePermission('ledger.manage'), updateTx);

  return r;
}

import { Hono, type Context } from 'hono';
import { agencyOf } from '../agency/of';
import * as v from 'valibot';
import type { AppEnv, SessionUser } from '../context';
import { idFilter } from '../../contract/ids';
import { DepositInput, DepositStatusInput } from '../../contract/deposits';
import { M } from '../../contract/fields';
import { notFound, validationError } from '../http/errors';
import { approvedAgent, currentUser, requireApprovedAgent, requireOneOf, requirePermission, withPermission } from '../http/guards';
import { body, withIdAlias } from '../http/validate';
import { idFrom, idOf, idParam, latestTodayOf, meta, pageQuery } from '../agents/common';
import { bodyWithFile } from '../uploads/form-body';
import {
  allDeposits, deletePendingDeposit, depositTotals, ownDeposits, readsAllDeposits, recordDeposit, reviewDeposit, toApiDeposit,
  visibleDeposit, withAgents,
} from './service';

export const StatusFilter = v.optional(v.picklist(['pending', 'approved', 'rejected', ''], 'Choose pending, approved or rejected.'));
/** GET /get-agents-deposits's filters besides the paging. */
export const AgentsDepositsFilters = {
  status: StatusFilter,
  agent_id: idFilter(M.agent),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
};

/** Staff who read or manage deposits see every agent's deposits; an approved agent its own. */
const depositReaders = requireOneOf(withPermission('deposits.read', 'deposits.manage'), approvedAgent);

export function depositRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: Context<AppEnv>) => c.get('ctx').db;

  // ---- the agent's side -------------------------------------------------------------------------------
  r.post('/deposit-data', requireApprovedAgent, async (c) => {
    // The receipt may come as a file in a form instead of a name uploaded before.
    const input = await bodyWithFile(c, DepositInput, { field: 'receipt_file', purpose: 'receipt' });
    const row = await recordDeposit(c.get('ctx'), currentUser(c), input, latestTodayOf(c));
    return c.json({ message: 'Deposit saved successfully', data: toApiDeposit(row) }, 201);
  });

  r.get('/get-deposit-data', requireApprovedAgent, async (c) => {
    const q = pageQuery(c, { status: StatusFilter });
    const { rows, total } = await ownDeposits(db(c), agencyOf(currentUser(c)), q);
    return c.json({ data: rows.map((d) => toApiDeposit(d)), meta: meta(q, total) });
  });
  r.get('/get-deposit-data/:id', requireApprovedAgent, async (c) =>
    c.json({ data: toApiDeposit(await visibleDeposit(db(c), currentUser(c), idParam(c, 'Deposit not found.'))) }));

  // Staff name the agent (path or agent_id); an agent may only ask for its own totals.
  const approvedTotal = async (c: Context<AppEnv>) => {
    const user = currentUser(c);
    const asked = c.req.param('id') ?? c.req.query('agent_id') ?? withIdAlias(c.req.query()).id;
    let agentId = agencyOf(user);
    if (readsAllDeposits(user)) {
      if (!asked) throw validationError({ agent_id: [M.agent] });
      agentId = idFrom(asked, 'Agent not found.');
    } else if (asked && idFrom(asked, 'Agent not found.') !== agentId) throw notFound('Agent not found.');
    return c.json({ data: await depositTotals(db(c), agentId) });
  };
  r.get('/approved-deposits-total', depositReaders, approvedTotal);
  r.get('/approved-deposits-total/:id', depositReaders, approvedTotal);

  const remove = async (c: Context<AppEnv>) => {
    const id = await idOf(c, 'Deposit not found.');
    await deletePendingDeposit(db(c), agencyOf(currentUser(c)), id);
    return c.json({ message: 'Deposit deleted successfully', data: { id } });
  };
  r.delete('/delete-deposit-data', requireApprovedAgent, remove);
  r.delete('/delete-deposit-data/:id', requireApprovedAgent, remove);

  // ---- the back office --------------------------------------------------------------------------------
  r.get('/get-agents-deposits', requirePermission('deposits.read', 'deposits.manage'), async (c) => {
    const q = pageQuery(c, AgentsDepositsFilters);
    const { rows, total } = await allDeposits(db(c), q);
    return c.json({ data: await withAgents(db(c), rows), meta: meta(q, total) });
  });

  const details = async (c: Context<AppEnv>) => {
    const d = await visibleDeposit(db(c), currentUser(c), idParam(c, 'Deposit not found.'));
    const [withAgent] = await withAgents(db(c), [d]);
    return c.json({ data: withAgent });
  };
  r.get('/deposit-details', depositReaders, details);
  r.get('/deposit-details/:id', depositReaders, details);

  const updateStatus = async (c: Context<AppEnv>) => {
    const id = await idOf(c, 'Deposit not found.');
    const input = await body(c, DepositStatusInput);
    const row = await reviewDeposit(c.get('ctx'), id, currentUser(c) as SessionUser, input);
    const [data] = await withAgents(db(c), [row]);
    return c.json({ message: input.status === 'approved' ? 'Deposit approved successfully' : 'Deposit rejected successfully', data });
  };
  r.put('/update-deposit-status', requirePermission('deposits.manage'), updateStatus);
  r.put('/update-deposit-status/:id', requirePermission('deposits.manage'), updateStatus);

  return r;
}

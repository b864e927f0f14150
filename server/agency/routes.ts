import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context';
import { approvedAgent, currentUser, requireOneOf, withPermission } from '../http/guards';
import { body } from '../http/validate';
import { idFrom, meta, pageQuery } from '../agents/common';
import { AGENCY_M, AgencyUserInput, AgencyUserStatusInput } from '../../contract/agency';
import { addAgencyUser, agencyAccount, agencyUsers, assertAgencyAccess, setAgencyUserStatus } from './service';
import { agencyAuditPage } from './audit';

/** Reading an agency's users and audit: its agency admins, and staff who read or manage users. */
const readers = requireOneOf(withPermission('users.manage', 'users.read'), approvedAgent);
/** Adding and deactivating its users: its agency admins, and staff who manage users. */
const managers = requireOneOf(withPermission('users.manage'), approvedAgent);

/** The agency named in the path, after checking the caller may act on it. */
function agencyParam(c: Context<AppEnv>): number {
  const id = idFrom(c.req.param('id'), AGENCY_M.notFound);
  assertAgencyAccess(currentUser(c), id);
  return id;
}

/** An agency's branch users (agency admins and bookers) and the audit list of what they did. */
export function agencyRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/agents/:id/users', readers, async (c) => c.json(await agencyUsers(c.get('ctx').db, agencyParam(c))));

  r.post('/agents/:id/users', managers, async (c) => {
    const id = agencyParam(c);
    const data = await addAgencyUser(c.get('ctx'), currentUser(c), id, await body(c, AgencyUserInput));
    return c.json({ message: 'User added. We have emailed a temporary password.', data }, 201);
  });

  r.patch('/agents/:id/users/:userId', managers, async (c) => {
    const id = agencyParam(c);
    const userId = idFrom(c.req.param('userId'), AGENCY_M.userNotFound);
    const input = await body(c, AgencyUserStatusInput);
    const data = await setAgencyUserStatus(c.get('ctx'), currentUser(c), id, userId, input);
    return c.json({ message: input.status === 'active' ? 'User reactivated.' : 'User deactivated.', data });
  });

  r.get('/agents/:id/audit', readers, async (c) => {
    const id = agencyParam(c);
    const q = pageQuery(c, {});
    await agencyAccount(c.get('ctx').db, id);
    const { rows, total } = await agencyAuditPage(c.get('ctx').db, id, q);
    return c.json({ data: rows, meta: meta(q, total) });
  });

  return r;
}

import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context';
import { ROLES } from '../../contract/auth';
import { AgentProfileInput, AgentSettingsInput, StatusUpdateInput } from '../../contract/agents';
import { M } from '../../contract/fields';
import { NewAgentInput, NewUserInput, StaffInput, StaffUpdateInput } from '../../contract/users';
import { validationError } from '../http/errors';
import { anyAgent, currentUser, requireOneOf, requirePermission, requireRole, withPermission } from '../http/guards';
import { body, jsonBody, issuesToErrors, withIdAlias } from '../http/validate';
import { agentProfileOf } from '../agents/users';
import { profileSubject, saveAgentProfile, saveAgentSettings } from '../agents/profile';
import { idOf, idParam, meta, pageQuery } from '../agents/common';
import { bodyWithFile, type FormFile } from '../uploads/form-body';

/** An agency's logo may come as a file in its profile's form. */
const agencyLogo: FormFile = { field: 'logo_file', purpose: 'logo', imagesOnly: true };
import {
  agentOptions, createAgentByStaff, createBackOfficeUser, createStaff, deleteUser, listUsers, STAFF_FAILED, updateStaff, updateUserStatus,
  userDetails, usersSummary,
} from './service';

/** GET /users's filters besides the paging (the API document names them too). */
export const UserListFilters = {
  role: v.optional(v.picklist([...ROLES, 'staff', ''], M.role)),
  is_approved: v.optional(v.picklist(['0', '1', ''], 'Choose 0 or 1.')),
  status: v.optional(v.picklist(['active', 'suspended', 'deleted', ''], M.userStatus)),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
};

/** Users, agents and staff for the back office; an agency's profile for its agent (and for staff). */
export function userRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: Context<AppEnv>) => c.get('ctx').db;

  // ---- back office: users, agents, staff ------------------------------------------------------------
  r.get('/users', requirePermission('users.manage', 'users.read'), async (c) => {
    const q = pageQuery(c, UserListFilters);
    const { data, total } = await listUsers(db(c), q, q);
    return c.json({ data, meta: meta(q, total) });
  });

  /** Agents for staff pickers (charges, deposits filters): any back-office permission that works on agents. */
  r.get('/agent-options', requirePermission('users.manage', 'users.read', 'deposits.manage', 'ledger.manage', 'ledger.read', 'margins.manage', 'travellers.manage'), async (c) =>
    c.json({ data: await agentOptions(db(c)) }));

  r.get('/users-summary', requirePermission('users.manage', 'users.read'), async (c) => c.json({ data: await usersSummary(db(c)) }));

  r.get('/users/:id', requirePermission('users.manage', 'users.read'), async (c) => c.json({ data: await userDetails(db(c), idParam(c, 'User not found.')) }));

  r.post('/users', requirePermission('users.manage'), async (c) => {
    const data = await createBackOfficeUser(c.get('ctx'), await body(c, NewUserInput));
    return c.json({ message: 'User saved successfully', data }, 201);
  });

  r.post('/save-admin-agent', requirePermission('users.manage'), async (c) => {
    const data = await createAgentByStaff(c.get('ctx'), await body(c, NewAgentInput));
    return c.json({ message: 'User saved successfully', data }, 201);
  });

  r.post('/add-staff', requirePermission('users.manage'), async (c) => {
    const parsed = v.safeParse(StaffInput, await jsonBody(c));
    if (!parsed.success) throw validationError(issuesToErrors(parsed.issues), STAFF_FAILED);
    return c.json({ message: 'Staff member saved successfully.', data: await createStaff(c.get('ctx'), parsed.output) }, 201);
  });

  r.post('/update-staff', requirePermission('users.manage'), async (c) => {
    const data = await updateStaff(c.get('ctx'), currentUser(c), await body(c, StaffUpdateInput));
    return c.json({ message: 'Staff member updated successfully.', data });
  });

  /** Approve/reject an agent, suspend, reactivate, or delete (soft) a user: one call. */
  const updateStatus = async (c: Context<AppEnv>) => {
    const id = await idOf(c, 'User not found.');
    const input = await body(c, StatusUpdateInput);
    const data = await updateUserStatus(c.get('ctx'), currentUser(c), id, input);
    return c.json({ message: input.status === 'deleted' ? 'User deleted successfully' : 'User has been updated successfully', data });
  };
  r.put('/update-status', requirePermission('users.manage'), updateStatus);
  r.put('/update-status/:id', requirePermission('users.manage'), updateStatus);

  const remove = async (c: Context<AppEnv>) =>
    c.json({ message: 'User deleted successfully', data: await deleteUser(c.get('ctx'), currentUser(c), await idOf(c, 'User not found.')) });
  r.delete('/users', requirePermission('users.manage'), remove);
  r.delete('/users/:id', requirePermission('users.manage'), remove);

  // ---- agent profile (add-agent-details, update-agent-data, settings) ---------------------------------
  /** An agent's own profile (a pending agent may complete it), or any agent's for staff with users.manage. */
  const profileKeepers = requireOneOf(withPermission('users.manage'), anyAgent);

  r.post('/update-agents-data', profileKeepers, async (c) => {
    const data = await saveAgentProfile(c.get('ctx'), currentUser(c), await bodyWithFile(c, AgentProfileInput, agencyLogo));
    return c.json({ message: 'Agent details saved successfully', data });
  });

  const agentsData = async (c: Context<AppEnv>) => {
    const agent = await profileSubject(db(c), currentUser(c), c.req.param('id') ?? c.req.query('user_id') ?? withIdAlias(c.req.query()).id);
    return c.json({ data: await agentProfileOf(db(c), agent) });
  };
  r.get('/agentsData', profileKeepers, agentsData);
  r.get('/agentsData/:id', profileKeepers, agentsData);

  r.post('/agent-profile', requireRole('agent'), async (c) => {
    const data = await saveAgentSettings(c.get('ctx'), currentUser(c), await bodyWithFile(c, AgentSettingsInput, agencyLogo));
    return c.json({ message: 'Profile updated successfully', data });
  });

  return r;
}

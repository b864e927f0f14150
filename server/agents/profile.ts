import { eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { agentMargins, agentProfiles, users } from '../db/schema';
import type { AgentProfileInput, AgentSettingsInput } from '../../contract/agents';
import { can } from '../../contract/permissions';
import { forbidden, notFound, validationError } from '../http/errors';
import { findUserById } from '../auth/users';
import { hashPassword, verifyPassword } from '../auth/crypto';
import { assertUploadOwnedBy } from '../uploads/service';
import { idFrom } from './common';
import { agentProfileOf } from './users';

/**
 * Whose agency profile a request reads or saves: an agent its own (another agent's is "not found"); staff who
 * manage users any agent's, by id.
 */
export async function profileSubject(db: DbOrTx, me: SessionUser, asked: number | string | undefined | null): Promise<SessionUser> {
  if (me.role === 'agent') {
    if (asked !== undefined && asked !== null && asked !== '' && Number(asked) !== me.id) throw notFound('Agent not found.');
    return me;
  }
  if (!can(me.role, 'users.manage')) throw forbidden();
  const u = await findUserById(db, idFrom(asked === undefined || asked === null ? '' : String(asked), 'Agent not found.'));
  if (!u) throw notFound('User not found.');
  if (u.role !== 'agent') throw notFound('Agent not found.');
  return u;
}

/** The agency's details (a pending agent may complete them); the logo must be an image the agent uploaded. */
export async function saveAgentProfile(ctx: AppContext, me: SessionUser, input: AgentProfileInput) {
  const agent = await profileSubject(ctx.db, me, input.user_id);
  if (input.logo_file) await assertUploadOwnedBy(ctx.db, input.logo_file, agent.id, { field: 'logo_file', imagesOnly: true, allowAnyOwner: me.role !== 'agent' });
  const values = {
    companyName: input.company_name,
    phone: input.phone,
    licenceNo: input.licence_no || null,
    address: input.address || null,
    city: input.city || null,
    country: input.country || null,
    contactPerson: input.contact_person || null,
    logoFile: input.logo_file || null,
    website: input.website || null,
    updatedAt: ctx.now(),
  };
  await ctx.db.insert(agentProfiles).values({ userId: agent.id, ...values }).onConflictDoUpdate({ target: agentProfiles.userId, set: values });
  return agentProfileOf(ctx.db, agent);
}

/** The agent's own settings: name, phone, own markup, and a new password only with the current one. */
export async function saveAgentSettings(ctx: AppContext, me: SessionUser, input: AgentSettingsInput) {
  let passwordHash: string | undefined;
  if (input.new_password) {
    if (!(await verifyPassword(me.passwordHash, input.current_password))) throw validationError({ current_password: ['The current password is not correct.'] });
    passwordHash = await hashPassword(input.new_password);
  }
  if (input.logo_file) await assertUploadOwnedBy(ctx.db, input.logo_file, me.id, { field: 'logo_file', imagesOnly: true });
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ name: input.name, updatedAt: now, ...(passwordHash ? { passwordHash } : {}) }).where(eq(users.id, me.id));
    if (input.phone) await tx.update(agentProfiles).set({ phone: input.phone, updatedAt: now }).where(eq(agentProfiles.userId, me.id));
    if (input.logo_file !== undefined) await tx.update(agentProfiles).set({ logoFile: input.logo_file || null, updatedAt: now }).where(eq(agentProfiles.userId, me.id));
    await tx.insert(agentMargins).values({ agentId: me.id, ownMarkupMinor: input.own_markup, updatedAt: now }).onConflictDoUpdate({ target: agentMargins.agentId, set: { ownMarkupMinor: input.own_markup, updatedAt: now } });
  });
  return agentProfileOf(ctx.db, (await findUserById(ctx.db, me.id))!);
}

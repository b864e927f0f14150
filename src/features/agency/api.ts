import { fromPromise } from 'xstate';
import type { AgencyAuditEntry, AgencyUser, AgencyUsers } from '../../../contract/agency';
import type { AgencyDraft } from '../../../machines/agency-users';
import { get, send } from '../../api/calls';

export const agencyUsers = (agencyId: number, signal?: AbortSignal) => get<AgencyUsers>(`/agents/${agencyId}/users`, {}, signal);
export const agencyAudit = (agencyId: number, signal?: AbortSignal) =>
  get<{ data: AgencyAuditEntry[]; meta: { total: number } }>(`/agents/${agencyId}/audit`, { per_page: 50 }, signal);

/** The calls of the agency-users machine, bound to one agency. */
export const agencyUserActors = (agencyId: number) => ({
  load: fromPromise<AgencyUsers>(({ signal }) => agencyUsers(agencyId, signal)),
  add: fromPromise<AgencyUser, AgencyDraft>(async ({ input, signal }) =>
    (await send<{ data: AgencyUser }>('POST', `/agents/${agencyId}/users`, input, signal)).data),
  setStatus: fromPromise<AgencyUser, { id: number; status: 'active' | 'suspended' }>(async ({ input, signal }) =>
    (await send<{ data: AgencyUser }>('PATCH', `/agents/${agencyId}/users/${input.id}`, { status: input.status }, signal)).data),
});

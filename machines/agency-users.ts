import { assign, emit, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import * as v from 'valibot';
import { AgencyUserInput, type AgencyRole, type AgencyUser, type AgencyUsers } from '../contract/agency';
import { toFailure, type Notice } from './notice';
import { issuesAt, type FieldErrors } from './field-errors';

/**
 * The agency's users screen (agent Settings → Users, and the hierarchy on staff's agent page): the agency and its
 * branch users, a form to add one (its temporary password is mailed by the server), and deactivate / reactivate
 * per user. One call runs at a time; the list is what the server answered, with each change applied to it.
 *
 *      loading ─done→ ready ─ADD (valid)→ adding ─done→ ready (form emptied, user appended)
 *         └─fail→ failed ─RETRY→ loading      adding ─fail→ ready (field errors or a notice)
 *      ready ─SET_STATUS→ changing ─done→ ready (row replaced) | ─fail→ ready (notice)
 *
 * Pure: the screen provides `load`, `add` and `setStatus` from the feature's api.ts (the agency id is bound there).
 */

export interface AgencyDraft { name: string; email: string; agency_role: AgencyRole }
export interface AgencyUsersContext {
  agency: AgencyUsers['agency'] | null;
  users: AgencyUser[];
  draft: AgencyDraft;
  errors: FieldErrors;
  failed: boolean;
  /** The user whose status is being changed (its row shows the wait). */
  changing: number | null;
}
export type AgencyUsersEvent =
  | { type: 'EDIT'; field: keyof AgencyDraft; value: string }
  | { type: 'ADD' }
  | { type: 'SET_STATUS'; id: number; status: 'active' | 'suspended' }
  | { type: 'RETRY' };

const EMPTY: AgencyDraft = { name: '', email: '', agency_role: 'booker' };

function check(draft: AgencyDraft): FieldErrors {
  const r = v.safeParse(AgencyUserInput, draft);
  return r.success ? {} : issuesAt({}, '', r.issues);
}

/** issuesAt keys top-level fields as ".name" under an empty prefix: the form's keys are the bare names. */
const bare = (e: FieldErrors): FieldErrors => Object.fromEntries(Object.entries(e).map(([k, m]) => [k.replace(/^\./, ''), m]));

export const agencyUsersMachine = setup({
  types: {
    context: {} as AgencyUsersContext,
    events: {} as AgencyUsersEvent,
    emitted: {} as { type: 'notify'; notice: Notice | null },
  },
  actors: {
    load: fromPromise<AgencyUsers>(async () => { throw new Error('agency-users: provide "load"'); }) as PromiseActorLogic<AgencyUsers>,
    add: fromPromise<AgencyUser, AgencyDraft>(async () => { throw new Error('agency-users: provide "add"'); }) as PromiseActorLogic<AgencyUser, AgencyDraft>,
    setStatus: fromPromise<AgencyUser, { id: number; status: 'active' | 'suspended' }>(async () => { throw new Error('agency-users: provide "setStatus"'); }) as PromiseActorLogic<AgencyUser, { id: number; status: 'active' | 'suspended' }>,
  },
  guards: {
    draftValid: ({ context }) => Object.keys(check(context.draft)).length === 0,
    /** Only a branch user's status changes, never the agency's own account, and only to another status. */
    changeable: ({ context, event }) => event.type === 'SET_STATUS' && context.users.some((u) => u.id === event.id && u.agency_role !== 'owner' && u.status !== event.status),
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'EDIT') return {};
      const draft = { ...context.draft, [event.field]: event.value } as AgencyDraft;
      // A shown message goes once its field is right; nothing new appears while typing.
      const now = bare(check(draft));
      const errors = Object.fromEntries(Object.entries(context.errors).filter(([k]) => k !== event.field || now[k]).map(([k, m]) => [k, k === event.field ? now[k] : m]));
      return { draft, errors };
    }),
    showErrors: assign({ errors: ({ context }) => bare(check(context.draft)) }),
  },
}).createMachine({
  id: 'agency-users',
  initial: 'loading',
  context: { agency: null, users: [], draft: EMPTY, errors: {}, failed: false, changing: null },
  on: { EDIT: { actions: 'edit' } },
  states: {
    loading: {
      entry: assign({ failed: false }),
      invoke: {
        id: 'load', src: 'load',
        onDone: { target: 'ready', actions: assign({ agency: ({ event }) => event.output.agency, users: ({ event }) => event.output.data }) },
        onError: { target: 'failed', actions: assign({ failed: true }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        ADD: [{ guard: 'draftValid', target: 'adding' }, { actions: 'showErrors' }],
        SET_STATUS: { guard: 'changeable', target: 'changing', actions: assign({ changing: ({ event }) => event.id }) },
      },
    },
    adding: {
      invoke: {
        id: 'add', src: 'add',
        input: ({ context }) => context.draft,
        onDone: {
          target: 'ready',
          actions: [
            assign({ users: ({ context, event }) => [...context.users.filter((u) => u.id !== event.output.id), event.output], draft: EMPTY, errors: {} }),
            emit(({ event }) => ({ type: 'notify' as const, notice: { status: 'success' as const, key: 'agency.added', values: { email: event.output.email } } })),
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            assign({ errors: ({ event }) => toFailure(event.error).fieldErrors }),
            emit(({ event }) => ({ type: 'notify' as const, notice: toFailure(event.error).notice })),
          ],
        },
      },
    },
    changing: {
      invoke: {
        id: 'setStatus', src: 'setStatus',
        input: ({ context, event }) => ({ id: context.changing!, status: (event as Extract<AgencyUsersEvent, { type: 'SET_STATUS' }>).status }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ users: ({ context, event }) => context.users.map((u) => (u.id === event.output.id ? event.output : u)), changing: null }),
            emit(({ event }) => ({ type: 'notify' as const, notice: { status: 'success' as const, key: event.output.status === 'active' ? 'agency.reactivated' : 'agency.deactivated', values: { email: event.output.email } } })),
          ],
        },
        onError: { target: 'ready', actions: [assign({ changing: null }), emit(({ event }) => ({ type: 'notify' as const, notice: toFailure(event.error).notice }))] },
      },
    },
  },
});

import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { agencyUsersMachine } from '../../machines/agency-users';
import type { AgencyUser, AgencyUsers } from '../../contract/agency';
import type { Failure } from '../../machines/notice';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/** Model-based: loading the agency's users, adding one (valid, invalid, refused), deactivating and reactivating. */
type Snap = SnapshotFrom<typeof agencyUsersMachine>;
const CALLS = ['load', 'add', 'setStatus'] as const;
const at = '2026-05-01T08:00:00.000Z';
const owner: AgencyUser = { id: 1, name: 'Demo Travels', email: 'agent@demo.safar', agency_role: 'owner', status: 'active', created_at: at };
const booker: AgencyUser = { id: 2, name: 'Bilal', email: 'bilal@branch.pk', agency_role: 'booker', status: 'active', created_at: at };
const added: AgencyUser = { id: 3, name: 'Ayesha', email: 'ayesha@branch.pk', agency_role: 'booker', status: 'active', created_at: at };
const list: AgencyUsers = { agency: { id: 1, name: 'Demo Travels', company_name: 'Demo Travels', agent_code: 'AGN-26-0001' }, data: [owner, booker] };
const taken: Failure = { notice: { status: 'error', text: 'The given data was invalid.' }, fieldErrors: { email: 'This email is already in use.' } };

// Two values per field bound the walk: a right one and a wrong one cover every guard a third would repeat.
const EVENTS: AnyEventObject[] = [
  { type: 'EDIT', field: 'name', value: 'Ayesha' }, { type: 'EDIT', field: 'name', value: '' },
  { type: 'EDIT', field: 'email', value: 'ayesha@branch.pk' }, { type: 'EDIT', field: 'email', value: 'not-an-email' },
  { type: 'ADD' }, { type: 'RETRY' },
  { type: 'SET_STATUS', id: 2, status: 'suspended' }, { type: 'SET_STATUS', id: 2, status: 'active' }, { type: 'SET_STATUS', id: 1, status: 'suspended' },
  done('load', list), fail('load', new Error('offline')),
  done('add', added), fail('add', taken),
  done('setStatus', { ...booker, status: 'suspended' }), done('setStatus', booker), fail('setStatus', new Error('offline')),
];
const serializeState = (s: Snap) => {
  const c = s.context;
  return `${JSON.stringify(s.value)} users=${c.users.map((u) => `${u.id}:${u.status}`).join(',')} draft=${c.draft.name}|${c.draft.email} errors=${Object.keys(c.errors).sort().join(',')} changing=${c.changing}${c.failed ? ' failed' : ''}`;
};

describe('agency users machine', () => {
  const model = modelOf(agencyUsersMachine, { events: EVENTS, serializeState, calls: CALLS });
  it('reaches every state node', () => {
    const values = [...model.reached].join(' ');
    for (const v of ['loading', 'ready', 'failed', 'adding', 'changing']) expect(values, v).toContain(v);
  });
  testEveryTransition(model);
});

describe('agency users machine: effects', () => {
  it('an invalid form shows its messages and calls nothing; a valid one adds the user and empties the form', async () => {
    const h = liveActor(agencyUsersMachine, CALLS);
    await h.step(done('load', list));
    await h.step({ type: 'ADD' });
    expect(h.snapshot().context.errors).toEqual({ name: 'Name is required.', email: 'Email is required.' });
    expect(h.calls.map((c) => c.id)).toEqual(['load']);
    await h.step({ type: 'EDIT', field: 'name', value: 'Ayesha' });
    expect(h.snapshot().context.errors).toEqual({ email: 'Email is required.' });
    await h.step({ type: 'EDIT', field: 'email', value: 'ayesha@branch.pk' });
    await h.step({ type: 'ADD' });
    expect(h.calls.at(-1)).toEqual({ id: 'add', input: { name: 'Ayesha', email: 'ayesha@branch.pk', agency_role: 'booker' } });
    await h.step(done('add', added));
    expect(h.snapshot().context.users.map((u) => u.id)).toEqual([1, 2, 3]);
    expect(h.snapshot().context.draft).toEqual({ name: '', email: '', agency_role: 'booker' });
    expect(h.emitted).toContainEqual({ type: 'notify', notice: { status: 'success', key: 'agency.added', values: { email: 'ayesha@branch.pk' } } });
  });

  it('a refused add keeps the form and shows the server’s message on its field', async () => {
    const h = liveActor(agencyUsersMachine, CALLS);
    await h.step(done('load', list));
    await h.step({ type: 'EDIT', field: 'name', value: 'Ayesha' });
    await h.step({ type: 'EDIT', field: 'email', value: 'customer@demo.safar' });
    await h.step({ type: 'ADD' });
    await h.step(fail('add', taken));
    expect(h.snapshot().matches('ready')).toBe(true);
    expect(h.snapshot().context.errors).toEqual({ email: 'This email is already in use.' });
    expect(h.snapshot().context.draft.email).toBe('customer@demo.safar');
  });

  it('deactivates a branch user (never the agency’s own account) and shows the answer', async () => {
    const h = liveActor(agencyUsersMachine, CALLS);
    await h.step(done('load', list));
    await h.step({ type: 'SET_STATUS', id: 1, status: 'suspended' });
    expect(h.snapshot().matches('ready')).toBe(true);
    await h.step({ type: 'SET_STATUS', id: 2, status: 'suspended' });
    expect(h.calls.at(-1)).toEqual({ id: 'setStatus', input: { id: 2, status: 'suspended' } });
    expect(h.snapshot().context.changing).toBe(2);
    await h.step(done('setStatus', { ...booker, status: 'suspended' }));
    expect(h.snapshot().context.users.find((u) => u.id === 2)?.status).toBe('suspended');
    expect(h.snapshot().context.changing).toBeNull();
  });

  it('a failed load says so and loads again on RETRY', async () => {
    const h = liveActor(agencyUsersMachine, CALLS);
    await h.step(fail('load', new Error('offline')));
    expect(h.snapshot().context.failed).toBe(true);
    await h.step({ type: 'RETRY' });
    expect(h.calls.map((c) => c.id)).toEqual(['load', 'load']);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, type AdjacencyMap, type AdjacencyValue, type StatePath } from 'xstate/graph';
import { depositApprovalMachine, REASON_REQUIRED, type DepositApprovalEmitted, type DepositApprovalEvent } from '../../machines/deposit-approval';
import type { Deposit } from '../../contract/agents';
import type { Failure } from '../../machines/notice';

/**
 * Model-based: xstate/graph walks the deposit approval machine with every UI event and every way each call
 * can settle; each path is replayed on a live actor whose calls the test settles, and every step must land
 * where the model says, with the same context.
 */
type Snap = SnapshotFrom<typeof depositApprovalMachine>;
type Call = 'loadDeposit' | 'saveDecision';

const deposit = (status: Deposit['status'], over: Partial<Deposit> = {}): Deposit => ({
  id: 7, agent_id: 3, method: 'bank', bank_id: 1, bank_name: 'Meezan Bank', amount: { amount: '45250.00', currency: 'PKR' }, deposit_date: '2025-03-01',
  reference: 'FT-1', receipt_file: null, note: null, status, rejection_reason: status === 'rejected' ? 'Receipt unreadable' : null, reviewed_by: null, reviewed_at: null,
  created_at: '2025-03-01T10:00:00.000Z', ...over,
});
const conflict: Failure = { notice: { status: 'error', text: 'This deposit has already been approved.' }, fieldErrors: {} };
const invalid: Failure = { notice: { status: 'error', text: 'Give a reason for the rejection.' }, fieldErrors: { reason: 'Give a reason for the rejection.' } };

const done = (id: Call, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: Call, err: unknown) => ({ type: `xstate.error.actor.${id}`, error: err });

const ALL_EVENTS: AnyEventObject[] = [
  { type: 'APPROVE' },
  { type: 'REJECT' },
  { type: 'REASON', reason: '' },
  { type: 'REASON', reason: 'Receipt unreadable' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'RETRY' },
  done('loadDeposit', deposit('pending')),
  done('loadDeposit', deposit('approved')),
  error('loadDeposit', new Error('offline')),
  done('saveDecision', { message: 'Deposit approved successfully', deposit: deposit('approved') }),
  error('saveDecision', conflict),
  error('saveDecision', invalid),
];
const settles = (e: AnyEventObject) => /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type)?.[2];
const EVENTS = (s: Snap) => ALL_EVENTS.filter((e) => { const id = settles(e); return !id || id in s.children; });

const serializeState = (s: Snap) =>
  `${JSON.stringify(s.value)} decision=${s.context.decision} reason=${JSON.stringify(s.context.reason)} deposit=${s.context.deposit?.status ?? '-'} errors=${Object.keys(s.context.fieldErrors).join(',')} failure=${s.context.failure ? 'y' : 'n'}`;
const serializeEvent = (e: AnyEventObject) => JSON.stringify(e);
const options = { events: EVENTS, serializeState, serializeEvent, input: { depositId: 7 } } as never;
const paths = getShortestPaths(depositApprovalMachine, options) as StatePath<Snap, AnyEventObject>[];
const adjacency = getAdjacencyMap(depositApprovalMachine as never, options) as AdjacencyMap<Snap, AnyEventObject>;

function harness() {
  const pending = new Map<Call, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const calls: { id: Call; input: unknown }[] = [];
  const actor = createActor(
    depositApprovalMachine.provide({
      actors: {
        loadDeposit: fromPromise(({ input }) => { calls.push({ id: 'loadDeposit', input }); return new Promise((resolve, reject) => pending.set('loadDeposit', { resolve, reject })); }),
        saveDecision: fromPromise(({ input }) => { calls.push({ id: 'saveDecision', input }); return new Promise((resolve, reject) => pending.set('saveDecision', { resolve, reject })); }),
      } as never,
    }),
    { input: { depositId: 7 } },
  );
  const emitted: DepositApprovalEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as DepositApprovalEmitted));
  actor.start();
  async function step(event: AnyEventObject) {
    const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    const id = m?.[2] as Call | undefined;
    if (m && id && actor.getSnapshot().children[id]) {
      const p = pending.get(id)!;
      if (m[1] === 'done') p.resolve(event.output);
      else p.reject(event.error);
      await new Promise((r) => setTimeout(r, 0));
    } else actor.send(event as DepositApprovalEvent);
  }
  return { actor, calls, emitted, step, snapshot: () => actor.getSnapshot() };
}

async function replay(steps: { event: AnyEventObject; state: Snap }[]) {
  const h = harness();
  for (const { event, state } of steps) {
    if (event.type === 'xstate.init') continue;
    await h.step(event);
    expect(serializeState(h.snapshot()), `after ${event.type}`).toBe(serializeState(state));
    expect(h.snapshot().context).toEqual(state.context);
  }
  return h;
}

describe('deposit approval machine: every state is reachable', () => {
  it('reaches every state node', () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const v of ['loading', 'loadFailed', 'review', 'confirmingApproval', 'rejecting', 'saving', 'failed', 'decided', 'done']) expect(values, v).toContain(JSON.stringify(v));
  });

  it.each(paths.map((p) => [serializeState(p.state), p] as const))('shortest path to %s', async (_, path) => {
    const h = await replay(path.steps);
    expect(h.snapshot().matches(path.state.value)).toBe(true);
  });
});

describe('deposit approval machine: every event from every state', () => {
  const byState = new Map(paths.map((p) => [serializeState(p.state), p]));
  const vertices = Object.entries(adjacency) as [string, AdjacencyValue<Snap, AnyEventObject>][];
  it.each(vertices)('from %s', async (key, vertex) => {
    const path = byState.get(key)!;
    expect(path, `no path to ${key}`).toBeDefined();
    for (const { event, state } of Object.values(vertex.transitions)) await replay([...path.steps, { event, state }]);
  });
});

describe('deposit approval machine: effects', () => {
  it('approving sends {id, approved, null}, emits the success notice and the decided deposit', async () => {
    const h = harness();
    await h.step(done('loadDeposit', deposit('pending')));
    await h.step({ type: 'APPROVE' });
    await h.step({ type: 'CONFIRM' });
    expect(h.calls.at(-1)).toEqual({ id: 'saveDecision', input: { id: 7, status: 'approved', reason: null } });
    await h.step(done('saveDecision', { message: 'Deposit approved successfully', deposit: deposit('approved') }));
    expect(h.snapshot().value).toBe('done');
    expect(h.emitted).toEqual([{ type: 'notify', notice: { status: 'success', text: 'Deposit approved successfully' } }, { type: 'decided', deposit: deposit('approved') }]);
  });

  it('rejecting needs a reason, sends it trimmed, and a failure keeps the form', async () => {
    const h = harness();
    await h.step(done('loadDeposit', deposit('pending')));
    await h.step({ type: 'REJECT' });
    await h.step({ type: 'CONFIRM' });
    expect(h.snapshot().value).toBe('rejecting');
    expect(h.snapshot().context.fieldErrors).toEqual({ reason: REASON_REQUIRED });
    await h.step({ type: 'REASON', reason: '  Receipt unreadable ' });
    await h.step({ type: 'CONFIRM' });
    expect(h.calls.at(-1)).toEqual({ id: 'saveDecision', input: { id: 7, status: 'rejected', reason: 'Receipt unreadable' } });
    await h.step(error('saveDecision', conflict));
    expect(h.snapshot().value).toBe('failed');
    expect(h.emitted.at(-1)).toEqual({ type: 'notify', notice: conflict.notice });
    await h.step({ type: 'CANCEL' });
    expect(h.snapshot().value).toBe('rejecting');
    expect(h.snapshot().context.reason).toBe('  Receipt unreadable ');
  });

  it('a deposit already decided opens read-only; a failed load can be retried', async () => {
    const h = harness();
    await h.step(error('loadDeposit', new Error('offline')));
    expect(h.snapshot().value).toBe('loadFailed');
    expect(h.snapshot().context.failure?.notice).toEqual({ status: 'error', key: 'errors.generic' });
    await h.step({ type: 'RETRY' });
    await h.step(done('loadDeposit', deposit('rejected')));
    expect(h.snapshot().value).toBe('decided');
    expect(h.snapshot().status).toBe('done');
  });
});

import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { depositApprovalMachine, REASON_REQUIRED } from '../../machines/deposit-approval';
import type { Deposit } from '../../contract/agents';
import type { Failure } from '../../machines/notice';
import { done, fail, liveActor, modelOf, testEveryEventFromEveryState, testShortestPaths } from '../support/model';

/**
 * Model-based: xstate/graph walks the deposit approval machine with every UI event and every way each call
 * can settle; each path is replayed on a live actor whose calls the test settles, and every step must land
 * where the model says, with the same context.
 */
type Snap = SnapshotFrom<typeof depositApprovalMachine>;
const CALLS = ['loadDeposit', 'saveDecision'] as const;
const input = { depositId: 7 };

const deposit = (status: Deposit['status'], over: Partial<Deposit> = {}): Deposit => ({
  id: 7, agent_id: 3, method: 'bank', bank_id: 1, bank_name: 'Meezan Bank', amount: { amount: '45250.00', currency: 'PKR' }, deposit_date: '2025-03-01',
  reference: 'FT-1', receipt_file: null, note: null, status, rejection_reason: status === 'rejected' ? 'Receipt unreadable' : null, reviewed_by: null, reviewed_at: null,
  created_at: '2025-03-01T10:00:00.000Z', ...over,
});
const conflict: Failure = { notice: { status: 'error', text: 'This deposit has already been approved.' }, fieldErrors: {} };
const invalid: Failure = { notice: { status: 'error', text: 'Give a reason for the rejection.' }, fieldErrors: { reason: 'Give a reason for the rejection.' } };

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
  fail('loadDeposit', new Error('offline')),
  done('saveDecision', { message: 'Deposit approved successfully', deposit: deposit('approved') }),
  fail('saveDecision', conflict),
  fail('saveDecision', invalid),
];

const serializeState = (s: Snap) =>
  `${JSON.stringify(s.value)} decision=${s.context.decision} reason=${JSON.stringify(s.context.reason)} deposit=${s.context.deposit?.status ?? '-'} errors=${Object.keys(s.context.fieldErrors).join(',')} failure=${s.context.failure ? 'y' : 'n'}`;
const model = modelOf(depositApprovalMachine, { events: ALL_EVENTS, serializeState, calls: CALLS, input });
const harness = () => liveActor(depositApprovalMachine, CALLS, input);

describe('deposit approval machine: every state is reachable', () => {
  it('reaches every state node', () => {
    for (const v of ['loading', 'loadFailed', 'review', 'confirmingApproval', 'rejecting', 'saving', 'failed', 'decided', 'done']) expect(model.reached, v).toContain(v);
  });

  testShortestPaths(model);
});

describe('deposit approval machine: every event from every state', () => {
  testEveryEventFromEveryState(model);
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
    await h.step(fail('saveDecision', conflict));
    expect(h.snapshot().value).toBe('failed');
    expect(h.emitted.at(-1)).toEqual({ type: 'notify', notice: conflict.notice });
    await h.step({ type: 'CANCEL' });
    expect(h.snapshot().value).toBe('rejecting');
    expect(h.snapshot().context.reason).toBe('  Receipt unreadable ');
  });

  it('a deposit already decided opens read-only; a failed load can be retried', async () => {
    const h = harness();
    await h.step(fail('loadDeposit', new Error('offline')));
    expect(h.snapshot().value).toBe('loadFailed');
    expect(h.snapshot().context.failure?.notice).toEqual({ status: 'error', key: 'errors.generic' });
    await h.step({ type: 'RETRY' });
    await h.step(done('loadDeposit', deposit('rejected')));
    expect(h.snapshot().value).toBe('decided');
    expect(h.snapshot().status).toBe('done');
  });
});

import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { reconciliationMachine } from '../../machines/reconciliation';
import type { Failure } from '../../machines/notice';
import type { StatementDetail } from '../../contract/reconciliation';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/** Model-based: import → review → close of a supplier statement, with every event and every way each call settles. */
type Snap = SnapshotFrom<typeof reconciliationMachine>;
const CALLS = ['importStatement', 'loadStatement', 'setMemo', 'closeStatement'] as const;
const money = (amount: string) => ({ amount, currency: 'PKR' });
const open: StatementDetail = {
  id: 7, period: { from: '2025-05-01', to: '2025-05-31' }, currency: 'PKR', file_name: 's.csv', lines: 2, matched: 1, variances: 1, unmatched: 0, memos: 0,
  total_net: money('100.00'), created_at: '2025-06-01T00:00:00.000Z', closed_at: null, items: [], not_billed: [], settlement: [],
};
const closed: StatementDetail = { ...open, closed_at: '2025-06-02T00:00:00.000Z', settlement: [{ account: 'supplier_payable', amount: money('-100.00'), description: 'Owed' }] };
const rows: Failure = { notice: { status: 'error', text: '1 line of the statement cannot be read; nothing was imported.' }, fieldErrors: { line_3: 'Line 3: expected 10 columns, found 3.' } };
const taken: Failure = { notice: { status: 'error', text: 'This statement is already closed.' }, fieldErrors: {} };

const EVENTS: AnyEventObject[] = [
  { type: 'IMPORT', from: '2025-05-01', to: '2025-05-31', file: 'statement.csv' }, { type: 'TAB', tab: 'memos' }, { type: 'MEMO', lineId: 3, state: 'disputed' },
  { type: 'CLOSE' }, { type: 'CONFIRM' }, { type: 'CANCEL' }, { type: 'RETRY' },
  done('importStatement', { id: 7, lines: 2, matched: 1, variances: 1, unmatched: 0, memos: 0, message: 'Statement imported.' }), fail('importStatement', rows),
  done('loadStatement', open), done('loadStatement', closed), fail('loadStatement', taken),
  done('setMemo', { message: 'Memo updated.' }), fail('setMemo', taken),
  done('closeStatement', { ...closed, message: 'Period closed.' }), fail('closeStatement', taken),
];
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context]);

describe.each([
  ['from the import form', { statementId: null, detailsBase: '/admin/reconciliation' }, ['form', 'importing', 'loading', 'review', 'savingMemo', 'confirming', 'closing', 'closed', 'loadFailed']],
  ['from a statement', { statementId: 7, detailsBase: '/admin/reconciliation' }, ['loading', 'review', 'confirming', 'closing', 'closed', 'loadFailed']],
] as const)('reconciliation %s', (_, input, states) => {
  const model = modelOf(reconciliationMachine, { events: EVENTS, serializeState, calls: CALLS, input: { ...input } });
  it('reaches its states', () => { for (const v of states) expect(model.reached, v).toContain(v); });
  testEveryTransition(model);
});

describe('reconciliation: effects', () => {
  it('a refused import stays on the form with the row problems and sends nothing else', async () => {
    const h = liveActor(reconciliationMachine, CALLS, { statementId: null, detailsBase: '/admin/reconciliation' });
    await h.step({ type: 'IMPORT', from: '2025-05-01', to: '2025-05-31', file: 'f' });
    expect(h.calls[0]).toEqual({ id: 'importStatement', input: { from: '2025-05-01', to: '2025-05-31', file: 'f' } });
    await h.step(fail('importStatement', rows));
    expect(h.snapshot().value).toBe('form');
    expect(h.snapshot().context.fieldErrors).toEqual({ line_3: 'Line 3: expected 10 columns, found 3.' });
    expect(h.calls.map((c) => c.id)).toEqual(['importStatement']);
  });

  it('an import opens its statement; closing asks first and then posts once', async () => {
    const h = liveActor(reconciliationMachine, CALLS, { statementId: null, detailsBase: '/admin/reconciliation' });
    await h.step({ type: 'IMPORT', from: '2025-05-01', to: '2025-05-31', file: 'f' });
    await h.step(done('importStatement', { id: 7, lines: 2, matched: 1, variances: 1, unmatched: 0, memos: 0 }));
    expect(h.emitted).toContainEqual({ type: 'navigate', to: '/admin/reconciliation?id=7' });
    expect(h.calls[1]).toEqual({ id: 'loadStatement', input: { id: 7 } });
    await h.step(done('loadStatement', open));
    await h.step({ type: 'CLOSE' });
    expect(h.snapshot().value).toBe('confirming');
    expect(h.calls).toHaveLength(2);
    await h.step({ type: 'CONFIRM' });
    expect(h.calls[2]).toEqual({ id: 'closeStatement', input: { id: 7 } });
    await h.step(done('closeStatement', closed));
    expect(h.snapshot().value).toBe('closed');
    expect(h.snapshot().context.statement?.closed_at).toBe(closed.closed_at);
  });
});

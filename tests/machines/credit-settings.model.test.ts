import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { creditSettingsMachine } from '../../machines/credit-settings';
import type { CreditAccount } from '../../contract/credit';
import type { Failure } from '../../machines/notice';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: the back office's credit panel walked with typing, saving (with nothing typed too), reloading and
 * every way its two calls settle; then its effects (what is sent, what is said, what is kept on a refusal).
 */
type Snap = SnapshotFrom<typeof creditSettingsMachine>;
const CALLS = ['loadCredit', 'saveLimit'] as const;
const money = (amount: string) => ({ amount, currency: 'PKR' });
const account = (limit: string): CreditAccount => ({
  agent_id: 9, balance: money('-600.00'), credit_limit: money(limit), available: money('400.00'), credit_used: money('600.00'), history: [],
});
const before = account('1000.00');
const after = account('2000.00');
const belowUsed: Failure = {
  notice: { status: 'error', text: 'The credit limit cannot be below the credit already used.' },
  fieldErrors: { limit: 'The credit limit cannot be below the credit already used. Credit used: PKR 600.00.' },
};
const down: Failure = { notice: { status: 'error', text: 'Something went wrong.' }, fieldErrors: {} };

const EVENTS: AnyEventObject[] = [
  { type: 'EDIT', limit: '2000' }, { type: 'EDIT', limit: ' ' }, { type: 'SAVE' }, { type: 'RETRY' }, { type: 'RELOAD' },
  done('loadCredit', before), fail('loadCredit', down), done('saveLimit', after), fail('saveLimit', belowUsed),
];
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context]);

describe('credit settings', () => {
  const model = modelOf(creditSettingsMachine, { events: EVENTS, serializeState, calls: CALLS, input: { agentId: 9 } });
  it('reaches its states', () => {
    for (const v of ['loading', 'loadFailed', 'ready', 'saving']) expect(model.reached, v).toContain(v);
  });
  testEveryTransition(model);
});

describe('credit settings: effects', () => {
  it('loads the agent, saves the typed limit once however often it is pressed, and shows the new figures', async () => {
    const h = liveActor(creditSettingsMachine, CALLS, { agentId: 9 });
    expect(h.calls).toEqual([{ id: 'loadCredit', input: 9 }]);
    await h.step(done('loadCredit', before));
    expect(h.snapshot().context.draft).toBe('1000.00');
    await h.step({ type: 'EDIT', limit: ' 2000 ' });
    await h.step({ type: 'SAVE' });
    await h.step({ type: 'SAVE' });
    expect(h.calls.slice(1)).toEqual([{ id: 'saveLimit', input: { agentId: 9, limit: '2000' } }]);
    await h.step(done('saveLimit', after));
    expect([h.snapshot().value, h.snapshot().context.account, h.snapshot().context.draft]).toEqual(['ready', after, '2000.00']);
    expect(h.emitted).toEqual([{ type: 'notify', notice: { status: 'success', key: 'ledger.creditLine.saved' } }]);
  });

  it('a refusal keeps what was typed with the figure on the field; nothing typed is refused without a call', async () => {
    const h = liveActor(creditSettingsMachine, CALLS, { agentId: 9 });
    await h.step(done('loadCredit', before));
    await h.step({ type: 'EDIT', limit: '500' });
    await h.step({ type: 'SAVE' });
    await h.step(fail('saveLimit', belowUsed));
    expect([h.snapshot().value, h.snapshot().context.draft, h.snapshot().context.fieldErrors]).toEqual(['ready', '500', belowUsed.fieldErrors]);
    expect(h.emitted.at(-1)).toEqual({ type: 'notify', notice: belowUsed.notice });
    expect(h.snapshot().context.account).toEqual(before);
    await h.step({ type: 'EDIT', limit: '' });
    await h.step({ type: 'SAVE' });
    expect([h.snapshot().value, h.calls.length, h.snapshot().context.fieldErrors]).toEqual(['ready', 2, { limit: 'Enter a credit limit.' }]);
  });

  it('a failed load may be retried', async () => {
    const h = liveActor(creditSettingsMachine, CALLS, { agentId: 9 });
    await h.step(fail('loadCredit', down));
    expect([h.snapshot().value, h.snapshot().context.failure]).toEqual(['loadFailed', down]);
    await h.step({ type: 'RETRY' });
    expect([h.snapshot().value, h.calls.length, h.snapshot().context.failure]).toEqual(['loading', 2, null]);
  });
});

import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { walletBalanceMachine } from '../../machines/wallet-balance';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/** Model-based: refresh, clear, a balance heard and both ways the balance call settles, from every state; then the effects. */
type Snap = SnapshotFrom<typeof walletBalanceMachine>;
const CALLS = ['fetchBalance'] as const;
const money = (amount: string) => ({ amount, currency: 'PKR' });
const funds = (amount: string, credit: string | null = null) => ({ balance: money(amount), credit: credit === null ? null : money(credit) });

const EVENTS: AnyEventObject[] = [{ type: 'REFRESH' }, { type: 'CLEAR' }, { type: 'HEARD', ...funds('75.50', '500.00') }, done('fetchBalance', funds('100.00')), fail('fetchBalance', new Error('offline'))];
const serializeState = (s: Snap) => `${JSON.stringify(s.value)} balance=${s.context.balance?.amount ?? '-'} credit=${s.context.credit?.amount ?? '-'}`;

describe('wallet balance machine', () => {
  const model = modelOf(walletBalanceMachine, { events: EVENTS, serializeState, calls: CALLS });
  it('reaches every state node', () => {
    for (const v of ['idle', 'loading']) expect(model.reached, v).toContain(v);
  });
  testEveryTransition(model);
});

describe('wallet balance machine: effects', () => {
  it('a new refresh aborts the call in flight; the newer answer is the one shown', async () => {
    const h = liveActor(walletBalanceMachine, CALLS);
    await h.step({ type: 'REFRESH' });
    await h.step({ type: 'REFRESH' });
    expect(h.calls).toHaveLength(2);
    expect(h.aborted).toEqual(['fetchBalance']);
    await h.step(done('fetchBalance', funds('250.00')));
    expect(h.snapshot().context.balance).toEqual(money('250.00'));
  });

  it('a failed refresh keeps the last figure, silently; clearing forgets it and aborts', async () => {
    const h = liveActor(walletBalanceMachine, CALLS);
    await h.step({ type: 'REFRESH' });
    await h.step(done('fetchBalance', funds('250.00')));
    await h.step({ type: 'REFRESH' });
    await h.step(fail('fetchBalance', new Error('offline')));
    expect(h.snapshot().value).toBe('idle');
    expect(h.snapshot().context.balance).toEqual(money('250.00'));
    expect(h.emitted).toEqual([]);
    await h.step({ type: 'REFRESH' });
    await h.step({ type: 'CLEAR' });
    expect(h.aborted).toEqual(['fetchBalance']);
    expect(h.snapshot().context.balance).toBeNull();
  });
});

describe('wallet balance machine: a movement heard', () => {
  it('shows the balance an answer named at once, without asking', async () => {
    const h = liveActor(walletBalanceMachine, CALLS);
    await h.step({ type: 'REFRESH' });
    await h.step(done('fetchBalance', funds('1000.00')));
    // A booking paid from the wallet: its answer names the balance after.
    await h.step({ type: 'HEARD', ...funds('540.00') });
    expect(h.snapshot().value).toBe('idle');
    expect(h.snapshot().context.balance).toEqual(money('540.00'));
    expect(h.calls).toHaveLength(1);
  });

  it('aborts the ask in flight, whose answer may predate the movement: the heard figure stays', async () => {
    const h = liveActor(walletBalanceMachine, CALLS);
    await h.step({ type: 'REFRESH' });
    await h.step({ type: 'HEARD', ...funds('540.00') });
    expect(h.aborted).toEqual(['fetchBalance']);
    // The aborted call's late answer reaches nothing.
    await h.step(done('fetchBalance', funds('1000.00')));
    expect(h.snapshot().context.balance).toEqual(money('540.00'));
  });

  it('a deposit approved by staff, heard on the bell\'s poll, replaces the figure; a later refresh asks again', async () => {
    const h = liveActor(walletBalanceMachine, CALLS);
    await h.step({ type: 'HEARD', ...funds('540.00') });
    await h.step({ type: 'HEARD', ...funds('25540.00') });
    expect(h.snapshot().context.balance).toEqual(money('25540.00'));
    await h.step({ type: 'REFRESH' });
    expect(h.snapshot().value).toBe('loading');
    expect(h.snapshot().context.balance).toEqual(money('25540.00'));
  });
});

describe('wallet balance machine: credit', () => {
  it('keeps the credit limit an answer names, drops it when a later one names none, and forgets it on clear', async () => {
    const h = liveActor(walletBalanceMachine, CALLS);
    await h.step({ type: 'REFRESH' });
    await h.step(done('fetchBalance', funds('-200.00', '1000.00')));
    expect(h.snapshot().context).toEqual({ balance: money('-200.00'), credit: money('1000.00') });
    await h.step({ type: 'HEARD', ...funds('300.00') });
    expect(h.snapshot().context.credit).toBeNull();
    await h.step({ type: 'HEARD', ...funds('300.00', '50.00') });
    await h.step({ type: 'CLEAR' });
    expect(h.snapshot().context).toEqual({ balance: null, credit: null });
  });
});

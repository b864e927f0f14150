import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { LIFECYCLE_KINDS, LIFECYCLES, START, firstStatus, lifecycleAt, lifecycleStatuses, nextEvents, stepOf, statusesTaking, type LifecycleKind } from '../../machines/lifecycle';
import { modelOf, testEveryTransition } from '../support/model';

/** Every event any state of the machine names: the walk offers all of them everywhere. */
const eventsOf = (kind: LifecycleKind) => [...new Set(['new', ...lifecycleStatuses(kind)].flatMap((s) => nextEvents(kind, s).map((n) => n.event)))];

/** The stored statuses of each kind, as the schema lists them (an insurance policy is never canceled by anything yet). */
const STORED: Record<LifecycleKind, string[]> = {
  flight: ['booked', 'ticketed', 'canceled', 'requested', 'voided', 'pending', 'rejected', 'refund_requested', 'refunded'],
  hotel: ['pending_payment', 'confirmed', 'canceled', 'expired'],
  package: ['pending_payment', 'paid', 'confirmed', 'canceled', 'expired'],
  visa: ['pending_payment', 'submitted', 'in_review', 'approved', 'rejected'],
  insurance: ['pending_payment', 'issued', 'expired'],
  deposit: ['pending', 'approved', 'rejected'],
};

for (const kind of LIFECYCLE_KINDS) {
  describe(`${kind} lifecycle`, () => {
    const machine: AnyStateMachine = LIFECYCLES[kind];
    const model = modelOf(machine, { events: eventsOf(kind).map((type) => ({ type })), serializeState: (s) => JSON.stringify(s.value), calls: [] });

    it('reaches every state from new', () => {
      expect([...model.reached].sort()).toEqual([START, ...STORED[kind]].sort());
    });

    it('is restored at each stored status, taking what nextEvents says and nothing else', () => {
      for (const status of STORED[kind]) {
        const at = lifecycleAt(kind, status);
        expect(at.value).toBe(status);
        for (const event of eventsOf(kind)) expect(at.can({ type: event } as never), `${status} ${event}`).toBe(stepOf(kind, status, event) !== null);
      }
      expect(() => lifecycleAt(kind, 'nonsense')).toThrow();
    });

    testEveryTransition(model);
  });
}

describe('lifecycle answers', () => {
  it('names where each event leads, the same status for a deadline that changes none', () => {
    expect(nextEvents('flight', 'booked')).toEqual([
      { event: 'PAY', to: 'ticketed' }, { event: 'CONFIRM', to: 'ticketed' }, { event: 'CANCEL', to: 'canceled' }, { event: 'EXPIRE', to: 'canceled' },
    ]);
    expect(stepOf('flight', 'ticketed', 'VOID_WINDOW_CLOSES')).toBe('ticketed');
    expect(stepOf('flight', 'ticketed', 'CONFIRM')).toBeNull();
    expect(nextEvents('hotel', 'canceled')).toEqual([]);
    expect(statusesTaking('flight', 'VOID')).toEqual(['ticketed', 'requested']);
  });

  it('gives the status a record is created with, and refuses an event that creates none', () => {
    expect(firstStatus('flight', 'HOLD')).toBe('booked');
    expect(firstStatus('flight', 'ENTER_DIRECT')).toBe('pending');
    expect(firstStatus('hotel', 'PAY')).toBe('confirmed');
    expect(firstStatus('visa', 'APPLY')).toBe('pending_payment');
    expect(firstStatus('deposit', 'SUBMIT')).toBe('pending');
    expect(() => firstStatus('flight', 'PAY')).toThrow(/does not start with PAY/);
  });
});

import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { destinationSuggestMachine } from '../../machines/destination-suggest';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/** Model-based: the hotel destination field's suggestions (the chart of suggest.ts), then its effects. */
type Snap = SnapshotFrom<typeof destinationSuggestMachine>;
const CALLS = ['lookUp'] as const;
const MAKKAH = { id: 'city:104515', kind: 'city' as const, name: 'Makkah', city: 'Makkah', country: 'Saudi Arabia', country_code: 'SA', hotel_count: 120 };

const EVENTS: AnyEventObject[] = [
  { type: 'TYPE', text: ' mak ' }, { type: 'TYPE', text: 'm' }, { type: 'SETTLED' }, { type: 'CLEAR' },
  done('lookUp', [MAKKAH]), fail('lookUp', new Error('offline')),
];
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context]);

describe('destination suggest machine', () => {
  const model = modelOf(destinationSuggestMachine, { events: EVENTS, serializeState, calls: CALLS });
  it('reaches every state node', () => { for (const v of ['idle', 'loading']) expect(model.reached, v).toContain(v); });
  testEveryTransition(model);
});

describe('destination suggest machine: effects', () => {
  it('asks once the typing pauses; a keystroke during a look-up aborts it', async () => {
    const h = liveActor(destinationSuggestMachine, CALLS);
    await h.step({ type: 'TYPE', text: 'ma' });
    await h.step({ type: 'TYPE', text: ' mak ' });
    expect(h.calls).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(h.calls).toEqual([{ id: 'lookUp', input: { q: 'mak' } }]);
    await h.step({ type: 'TYPE', text: 'makk' });
    expect(h.aborted).toEqual(['lookUp']);
    await new Promise((r) => setTimeout(r, 200));
    await h.step(done('lookUp', [MAKKAH]));
    expect(h.snapshot().context.suggestions).toEqual([MAKKAH]);
  });
});

import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { airportSuggestMachine } from '../../machines/airport-suggest';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/** Model-based: typing, the pause settling, clearing and both ways the look-up settles, from every state; then the effects. */
type Snap = SnapshotFrom<typeof airportSuggestMachine>;
const CALLS = ['lookUp'] as const;
const KHI = { code: 'KHI', name: 'Jinnah International', city: 'Karachi', country: 'PK' };

const EVENTS: AnyEventObject[] = [
  { type: 'TYPE', text: ' kar ' }, { type: 'TYPE', text: 'k' }, { type: 'SETTLED' }, { type: 'CLEAR' },
  done('lookUp', [KHI]), fail('lookUp', new Error('offline')),
];
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context]);

describe('airport suggest machine', () => {
  const model = modelOf(airportSuggestMachine, { events: EVENTS, serializeState, calls: CALLS });
  it('reaches every state node', () => { for (const v of ['idle', 'loading']) expect(model.reached, v).toContain(v); });
  testEveryTransition(model);
});

describe('airport suggest machine: effects', () => {
  it('asks once the typing pauses, with the trimmed text', async () => {
    const h = liveActor(airportSuggestMachine, CALLS);
    await h.step({ type: 'TYPE', text: 'ka' });
    await h.step({ type: 'TYPE', text: ' kar ' });
    expect(h.calls).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(h.calls).toEqual([{ id: 'lookUp', input: { q: 'kar' } }]);
    await h.step(done('lookUp', [KHI]));
    expect(h.snapshot().context.suggestions).toEqual([KHI]);
  });

  it('a keystroke during a look-up aborts it; one letter or a choice clears the list and the pause', async () => {
    const h = liveActor(airportSuggestMachine, CALLS);
    await h.step({ type: 'TYPE', text: 'kar' });
    await h.step({ type: 'SETTLED' });
    await h.step({ type: 'TYPE', text: 'kara' });
    expect(h.aborted).toEqual(['lookUp']);
    await h.step({ type: 'TYPE', text: 'k' });
    await new Promise((r) => setTimeout(r, 200));
    expect(h.calls).toHaveLength(1);
    expect(h.snapshot().context).toEqual({ text: '', suggestions: [] });
  });
});

import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { flowsExplorerMachine } from '../../machines/flows-explorer';
import { done, fail, liveActor, modelOf, testEveryTransition } from '../support/model';

/**
 * Model-based: the explorer opened bare and with a machine named in its address, walked with every event and
 * every way its two calls settle; then the effects.
 */
type Snap = SnapshotFrom<typeof flowsExplorerMachine>;
const CALLS = ['loadCatalogue', 'drawMachine'] as const;
const catalogue = { machines: [{ id: 'auth' }, { id: 'quotation' }], coverage: null };

const EVENTS: AnyEventObject[] = [
  { type: 'OPEN', id: 'auth' }, { type: 'OPEN', id: 'quotation' }, { type: 'OPEN', id: 'nope' }, { type: 'RETRY' },
  done('loadCatalogue', catalogue), fail('loadCatalogue', new Error('chunk failed')),
  done('drawMachine', { width: 1, height: 1 }), fail('drawMachine', new Error('layout failed')),
];
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context]);
const STATES = ['loading', 'failed', '{"ready":"closed"}', '{"ready":"drawing"}', '{"ready":"drawn"}', '{"ready":"drawFailed"}'];

describe.each([['bare', {}], ['with a machine in the address', { open: 'auth' }], ['with an unknown machine in the address', { open: 'gone' }]])('flows explorer opened %s', (_, input) => {
  const model = modelOf(flowsExplorerMachine, { events: EVENTS, serializeState, calls: CALLS, input });
  it('reaches its states', () => { for (const v of STATES.filter((s) => !('open' in input) || s !== '{"ready":"closed"}' || input.open === 'gone')) expect(model.reached, v).toContain(v); });
  testEveryTransition(model);
});

describe('flows explorer: effects', () => {
  it('draws the machine named in the address once the catalogue is read', async () => {
    const h = liveActor(flowsExplorerMachine, CALLS, { open: 'quotation' });
    await h.step(done('loadCatalogue', catalogue));
    expect(h.calls[1]).toEqual({ id: 'drawMachine', input: { machine: { id: 'quotation' } } });
  });

  it('opening another machine drops the layout under way; an unknown id is ignored', async () => {
    const h = liveActor(flowsExplorerMachine, CALLS, {});
    await h.step(done('loadCatalogue', catalogue));
    await h.step({ type: 'OPEN', id: 'auth' });
    await h.step({ type: 'OPEN', id: 'quotation' });
    expect(h.aborted).toEqual(['drawMachine']);
    await h.step({ type: 'OPEN', id: 'nope' });
    expect(h.snapshot().context.open).toBe('quotation');
    await h.step(done('drawMachine', { width: 2 }));
    expect(h.snapshot().context.drawing).toEqual({ width: 2 });
  });
});

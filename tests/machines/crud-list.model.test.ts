import { describe, expect, it } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { crudListMachine, isBusy, type CrudListInput } from '../../machines/crud-list';
import type { Failure } from '../../machines/notice';
import { done, fail, liveActor, modelOf, testEveryEventFromEveryState, testShortestPaths } from '../support/model';

/**
 * Model-based: xstate/graph walks the CRUD list machine (from each of its three starting points) with every UI
 * event and every way each call can settle; each path is replayed on a live actor whose calls the test
 * settles, and every step must land where the model says, with the same context.
 */
type Snap = SnapshotFrom<typeof crudListMachine>;
const CALLS = ['loadList', 'loadItem', 'saveItem', 'deleteItem'] as const;

const visa = (id: number) => ({ id, title: `Visa ${id}` });
const page = (ids: number[], total = ids.length) => ({ data: ids.map(visa), meta: { page: 1, per_page: 20, total } });
const invalid: Failure = { notice: { status: 'error', text: 'The title field is required.' }, fieldErrors: { title: 'The title field is required.' } };
const forbidden: Failure = { notice: { status: 'error', text: 'You are not allowed to do this.' }, fieldErrors: {} };

const ALL_EVENTS: AnyEventObject[] = [
  { type: 'RELOAD' }, { type: 'RETRY' }, { type: 'PAGE', page: 2 }, { type: 'SEARCH', q: 'dubai' }, { type: 'FILTER', filters: { status: 'all' } },
  { type: 'CREATE' }, { type: 'EDIT', item: visa(1) }, { type: 'SAVE', values: { title: 'Dubai' } }, { type: 'DELETE', item: visa(1) },
  { type: 'CONFIRM' }, { type: 'CANCEL' },
  done('loadList', page([1, 2], 30)), fail('loadList', new Error('offline')),
  done('loadItem', visa(5)), fail('loadItem', forbidden),
  done('saveItem', { message: 'Visa saved successfully', data: visa(1) }), fail('saveItem', invalid),
  done('deleteItem', { message: 'Visa deleted successfully' }), fail('deleteItem', forbidden),
];

const serializeState = (s: Snap) => {
  const c = s.context;
  return `${JSON.stringify(s.value)} mode=${c.mode} q=${JSON.stringify(c.query)} items=${c.items.length} editing=${c.editing?.id ?? '-'} values=${c.values ? 'y' : 'n'} delete=${c.pendingDelete?.id ?? '-'} errors=${Object.keys(c.fieldErrors).join(',')} failure=${c.failure ? 'y' : 'n'}`;
};
const harness = (input: CrudListInput) => liveActor(crudListMachine, CALLS, input);

// Airlines and airports are keyed by their IATA code: the update screen starts from a string id.
const STARTS: [string, CrudListInput][] = [['list screen', {}], ['new screen', { mode: 'create' }], ['update screen', { mode: 'edit', id: 5 }], ['update screen keyed by code', { mode: 'edit', id: 'KHI' }]];

describe.each(STARTS)('crud list machine from a %s', (_name, input) => {
  const model = modelOf(crudListMachine, { events: ALL_EVENTS, serializeState, calls: CALLS, input });

  it('reaches every state node', () => {
    const expected = ['loading', 'loadFailed', 'list', 'editing', 'saving', 'confirmingDelete', 'deleting'];
    if (input.mode === 'edit') expected.push('loadingItem', 'itemFailed');
    for (const v of expected) expect(model.reached, v).toContain(v);
  });

  testShortestPaths(model);
  testEveryEventFromEveryState(model, 'every event from %s');
});

describe('crud list machine: effects', () => {
  it('loads the list, creates, saves with the success notice and reloads the list', async () => {
    const h = harness({ per_page: 10 });
    expect(h.calls[0]).toEqual({ id: 'loadList', input: { page: 1, per_page: 10, q: '', filters: {} } });
    expect(isBusy(h.snapshot().value)).toBe(true);
    await h.step(done('loadList', page([1, 2])));
    expect(isBusy(h.snapshot().value)).toBe(false);
    await h.step({ type: 'CREATE' });
    await h.step({ type: 'SAVE', values: { title: 'Dubai' } });
    expect(h.calls.at(-1)).toEqual({ id: 'saveItem', input: { id: null, values: { title: 'Dubai' } } });
    await h.step(done('saveItem', { message: 'Visa saved successfully', data: visa(3) }));
    expect(h.snapshot().value).toBe('loading');
    expect(h.calls.at(-1)?.id).toBe('loadList');
    expect(h.emitted).toEqual([{ type: 'notify', notice: { status: 'success', text: 'Visa saved successfully' } }, { type: 'saved', item: visa(3) }]);
  });

  it('a failed save goes back to the form with the values and the first message per field kept', async () => {
    const h = harness({});
    await h.step(done('loadList', page([1])));
    await h.step({ type: 'EDIT', item: visa(1) });
    await h.step({ type: 'SAVE', values: { title: '' } });
    expect(h.calls.at(-1)).toEqual({ id: 'saveItem', input: { id: 1, values: { title: '' } } });
    await h.step(fail('saveItem', invalid));
    expect(h.snapshot().value).toBe('editing');
    expect(h.snapshot().context).toMatchObject({ editing: visa(1), values: { title: '' }, fieldErrors: { title: 'The title field is required.' } });
    expect(h.emitted.at(-1)).toEqual({ type: 'notify', notice: invalid.notice });
    await h.step({ type: 'SAVE', values: { title: 'Fixed' } });
    expect(h.snapshot().context.fieldErrors).toEqual({}); // cleared when the next request starts
  });

  it('deletes only after confirmation, then reloads; a failure keeps the list and the error', async () => {
    const h = harness({});
    await h.step(done('loadList', page([1, 2])));
    await h.step({ type: 'DELETE', item: visa(2) });
    expect(h.calls.filter((c) => c.id === 'deleteItem')).toHaveLength(0);
    await h.step({ type: 'CANCEL' });
    expect(h.snapshot().value).toBe('list');
    await h.step({ type: 'DELETE', item: visa(2) });
    await h.step({ type: 'CONFIRM' });
    expect(h.calls.at(-1)).toEqual({ id: 'deleteItem', input: { id: 2 } });
    await h.step(fail('deleteItem', forbidden));
    expect(h.snapshot().value).toBe('list');
    expect(h.snapshot().context.failure).toEqual(forbidden);
    expect(h.snapshot().context.items).toHaveLength(2);
    await h.step({ type: 'DELETE', item: visa(2) });
    await h.step({ type: 'CONFIRM' });
    await h.step(done('deleteItem', { message: 'Visa deleted successfully' }));
    expect(h.snapshot().value).toBe('loading');
    expect(h.emitted.slice(-2)).toEqual([{ type: 'notify', notice: { status: 'success', text: 'Visa deleted successfully' } }, { type: 'deleted', id: 2 }]);
  });

  it('paging, search and filters go into the next load; search and filters return to page 1', async () => {
    const h = harness({ filters: { status: 'all' } });
    await h.step(done('loadList', page([1], 50)));
    await h.step({ type: 'PAGE', page: 3 });
    expect(h.calls.at(-1)?.input).toEqual({ page: 3, per_page: 20, q: '', filters: { status: 'all' } });
    await h.step(done('loadList', page([1], 50)));
    await h.step({ type: 'SEARCH', q: 'umrah' });
    expect(h.calls.at(-1)?.input).toEqual({ page: 1, per_page: 20, q: 'umrah', filters: { status: 'all' } });
    await h.step(done('loadList', page([1], 50)));
    await h.step({ type: 'FILTER', filters: { status: 'draft' } });
    expect(h.calls.at(-1)?.input).toEqual({ page: 1, per_page: 20, q: 'umrah', filters: { status: 'draft' } });
  });

  it('a filter or search chosen while the list is still loading restarts the load with it (the first call is aborted)', async () => {
    const h = harness({ filters: { filter: 'all' } });
    await h.step({ type: 'FILTER', filters: { filter: 'custom' } });
    expect(h.aborted).toEqual(['loadList']);
    expect(h.calls.at(-1)?.input).toEqual({ page: 1, per_page: 20, q: '', filters: { filter: 'custom' } });
    await h.step(fail('loadList', { notice: { status: 'error', key: 'errors.unexpected' }, fieldErrors: {} }));
    expect(h.snapshot().value).toBe('loadFailed');
    await h.step({ type: 'SEARCH', q: 'skardu' });
    expect(h.calls.at(-1)?.input).toEqual({ page: 1, per_page: 20, q: 'skardu', filters: { filter: 'custom' } });
  });

  it('an update screen loads its item first; a failed load can be retried', async () => {
    const h = harness({ mode: 'edit', id: 5 });
    expect(h.calls[0]).toEqual({ id: 'loadItem', input: { id: 5 } });
    await h.step(fail('loadItem', new Error('offline')));
    expect(h.snapshot().value).toBe('itemFailed');
    expect(h.emitted.at(-1)).toEqual({ type: 'notify', notice: { status: 'error', key: 'errors.generic' } });
    await h.step({ type: 'RETRY' });
    await h.step(done('loadItem', visa(5)));
    expect(h.snapshot().value).toBe('editing');
    await h.step({ type: 'SAVE', values: { title: 'x' } });
    expect(h.calls.at(-1)).toEqual({ id: 'saveItem', input: { id: 5, values: { title: 'x' } } });
  });

  it('items keyed by a code: the update screen, save and delete all carry the code', async () => {
    const khi = { id: 'KHI', code: 'KHI', name: 'Jinnah International Airport' };
    const h = harness({ mode: 'edit', id: 'KHI' });
    expect(h.calls[0]).toEqual({ id: 'loadItem', input: { id: 'KHI' } });
    await h.step(done('loadItem', khi));
    await h.step({ type: 'SAVE', values: { name: 'Jinnah Intl' } });
    expect(h.calls.at(-1)).toEqual({ id: 'saveItem', input: { id: 'KHI', values: { name: 'Jinnah Intl' } } });
    await h.step(done('saveItem', { message: 'Airport saved successfully', data: khi }));
    await h.step(done('loadList', { data: [khi], meta: { page: 1, per_page: 20, total: 1 } }));
    await h.step({ type: 'DELETE', item: khi });
    await h.step({ type: 'CONFIRM' });
    expect(h.calls.at(-1)).toEqual({ id: 'deleteItem', input: { id: 'KHI' } });
    await h.step(done('deleteItem', { message: 'Airport restored to the reference data' }));
    expect(h.emitted.at(-1)).toEqual({ type: 'deleted', id: 'KHI' });
  });

  it('a new screen starts in the form without loading anything', () => {
    const h = harness({ mode: 'create' });
    expect(h.snapshot().value).toBe('editing');
    expect(h.calls).toEqual([]);
  });
});

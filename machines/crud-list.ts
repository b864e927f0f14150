import { assign, emit, setup } from 'xstate';
import type { Failure, Notice } from './notice';
import { missing, requestActions } from './request';
import type { ListPage, ListQuery } from './resource-list';

/**
 * One machine for every catalogue list screen and its forms (visas, holidays, umrah packages, group tickets,
 * aircraft, suppliers, banners, leads, header images, uploads). Pure: the app provides the calls (with abort
 * signals) and shows the emitted notices.
 *
 *   boot ─┬→ loading ⇄ loadFailed                     (a list screen)
 *         ├→ editing                                  (a "new" screen)
 *         └→ loadingItem ⇄ itemFailed → editing        (an "update" screen)
 *   loading → list ─CREATE/EDIT→ editing ─SAVE→ saving ─done→ loading (the list reloads after every save)
 *                                          ↖─ failed (field errors kept) ─┘
 *   list ─DELETE→ confirmingDelete ─CONFIRM→ deleting ─done→ loading;  ─failed→ list with the failure kept
 *   list ─PAGE/SEARCH/FILTER/RELOAD→ loading;  loading, loadFailed ─PAGE/SEARCH/FILTER→ loading (the load restarts)
 */

export interface CrudItem { id: number | string }
export type { ListPage, ListQuery };
export interface SaveResult<T> { message: string; data?: T | null }
export interface DeleteResult { message: string }
export interface SaveInput<V> { id: CrudItem['id'] | null; values: V }

export interface CrudListContext<T extends CrudItem = CrudItem, V = unknown> {
  query: ListQuery;
  items: T[];
  total: number;
  /** The item being edited (null while creating). */
  editing: T | null;
  /** What was last submitted, kept so a failed save shows the form as it was. */
  values: V | null;
  /** The item waiting for delete confirmation. */
  pendingDelete: T | null;
  /** First message per field of the last failed save, kept until the next request starts. */
  fieldErrors: Record<string, string>;
  failure: Failure | null;
  /** Where the machine started: a list screen, a "new" screen or an "update" screen. */
  mode: 'list' | 'create' | 'edit';
  itemId: CrudItem['id'] | null;
}

export type CrudListEvent<T extends CrudItem = CrudItem, V = unknown> =
  | { type: 'RELOAD' }
  | { type: 'RETRY' }
  | { type: 'PAGE'; page: number }
  | { type: 'SEARCH'; q: string }
  | { type: 'FILTER'; filters: Record<string, string> }
  | { type: 'CREATE' }
  | { type: 'EDIT'; item: T }
  | { type: 'SAVE'; values: V }
  | { type: 'DELETE'; item: T }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export type CrudListEmitted<T extends CrudItem = CrudItem> =
  | { type: 'notify'; notice: Notice }
  | { type: 'saved'; item: T | null }
  | { type: 'deleted'; id: CrudItem['id'] };

export interface CrudListInput { mode?: 'list' | 'create' | 'edit'; id?: CrudItem['id'] | null; per_page?: number; filters?: Record<string, string> }


// Paging, search and filters (re)start the list's load from wherever its rows are shown or awaited: a filter chosen
// while the first page is on its way is the one loaded, not dropped.
const query = {
  PAGE: { target: '#crudList.loading', reenter: true, actions: 'setPage' },
  SEARCH: { target: '#crudList.loading', reenter: true, actions: 'setSearch' },
  FILTER: { target: '#crudList.loading', reenter: true, actions: 'setFilters' },
} as const;

export const crudListMachine = setup({
  types: {
    context: {} as CrudListContext,
    events: {} as CrudListEvent,
    emitted: {} as CrudListEmitted,
    input: {} as CrudListInput,
  },
  actors: {
    loadList: missing<ListPage<CrudItem>, ListQuery>('crud list', 'loadList'),
    loadItem: missing<CrudItem, { id: CrudItem['id'] }>('crud list', 'loadItem'),
    saveItem: missing<SaveResult<CrudItem>, SaveInput<unknown>>('crud list', 'saveItem'),
    deleteItem: missing<DeleteResult, { id: CrudItem['id'] }>('crud list', 'deleteItem'),
  },
  guards: {
    startsCreating: ({ context }) => context.mode === 'create',
    startsEditing: ({ context }) => context.mode === 'edit' && context.itemId !== null,
  },
  actions: {
    setPage: assign({ query: ({ context, event }) => (event.type === 'PAGE' ? { ...context.query, page: Math.max(1, event.page) } : context.query) }),
    setSearch: assign({ query: ({ context, event }) => (event.type === 'SEARCH' ? { ...context.query, q: event.q, page: 1 } : context.query) }),
    setFilters: assign({ query: ({ context, event }) => (event.type === 'FILTER' ? { ...context.query, filters: { ...event.filters }, page: 1 } : context.query) }),
    ...requestActions,
  },
}).createMachine({
  id: 'crudList',
  context: ({ input }) => ({
    query: { page: 1, per_page: input.per_page ?? 20, q: '', filters: input.filters ?? {} },
    items: [], total: 0, editing: null, values: null, pendingDelete: null, fieldErrors: {}, failure: null,
    mode: input.mode ?? 'list', itemId: input.id ?? null,
  }),
  initial: 'boot',
  states: {
    boot: {
      always: [
        { guard: 'startsCreating', target: 'editing' },
        { guard: 'startsEditing', target: 'loadingItem' },
        { target: 'loading' },
      ],
    },
    loading: {
      entry: 'clearErrors',
      invoke: {
        id: 'loadList',
        src: 'loadList',
        input: ({ context }) => context.query,
        onDone: {
          target: 'list',
          actions: assign({ items: ({ event }) => event.output.data, total: ({ event }) => event.output.meta.total }),
        },
        onError: {
          target: 'loadFailed',
          actions: 'failAndNotify',
        },
      },
      on: query,
    },
    loadFailed: {
      on: { RETRY: 'loading', RELOAD: 'loading', ...query },
    },
    list: {
      on: {
        RELOAD: 'loading',
        ...query,
        CREATE: { target: 'editing', actions: [assign({ editing: null, values: null }), 'clearErrors'] },
        EDIT: { target: 'editing', actions: [assign({ editing: ({ event }) => event.item, values: null }), 'clearErrors'] },
        DELETE: { target: 'confirmingDelete', actions: [assign({ pendingDelete: ({ event }) => event.item }), 'clearErrors'] },
      },
    },
    loadingItem: {
      entry: 'clearErrors',
      invoke: {
        id: 'loadItem',
        src: 'loadItem',
        input: ({ context }) => ({ id: context.itemId! }),
        onDone: { target: 'editing', actions: assign({ editing: ({ event }) => event.output }) },
        onError: {
          target: 'itemFailed',
          actions: 'failAndNotify',
        },
      },
    },
    itemFailed: {
      on: { RETRY: 'loadingItem', CANCEL: 'loading' },
    },
    editing: {
      on: {
        SAVE: { target: 'saving', actions: assign({ values: ({ event }) => event.values }) },
        CANCEL: { target: 'loading', actions: [assign({ editing: null, values: null }), 'clearErrors'] },
      },
    },
    saving: {
      entry: 'clearErrors',
      invoke: {
        id: 'saveItem',
        src: 'saveItem',
        input: ({ context }) => ({ id: context.editing?.id ?? null, values: context.values }),
        onDone: {
          target: 'loading',
          actions: [
            emit(({ event }) => ({ type: 'notify' as const, notice: { status: 'success' as const, text: event.output.message } })),
            emit(({ event }) => ({ type: 'saved' as const, item: event.output.data ?? null })),
            assign({ editing: null, values: null }),
          ],
        },
        onError: {
          target: 'editing',
          actions: 'failAndNotify',
        },
      },
    },
    confirmingDelete: {
      on: {
        CONFIRM: 'deleting',
        CANCEL: { target: 'list', actions: assign({ pendingDelete: null }) },
      },
    },
    deleting: {
      entry: 'clearErrors',
      invoke: {
        id: 'deleteItem',
        src: 'deleteItem',
        input: ({ context }) => ({ id: context.pendingDelete!.id }),
        onDone: {
          target: 'loading',
          actions: [
            emit(({ event }) => ({ type: 'notify' as const, notice: { status: 'success' as const, text: event.output.message } })),
            emit(({ context }) => ({ type: 'deleted' as const, id: context.pendingDelete!.id })),
            assign({ pendingDelete: null }),
          ],
        },
        onError: {
          target: 'list',
          actions: ['failAndNotify', assign({ pendingDelete: null })],
        },
      },
    },
  },
});

/** True while a request of this data area is running. */
export const isBusy = (value: unknown) => ['loading', 'loadingItem', 'saving', 'deleting'].includes(String(value));

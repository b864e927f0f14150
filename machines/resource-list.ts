import { assign, emit, setup } from 'xstate';
import { requestActions, missing, NO_FAILURE, type NotifyEmitted, type RequestState } from './request';

/**
 * Any list screen of the product (users, staff, top-ups, banks, travellers, ledgers...): one page of rows from
 * the server with search, filters and paging, reloaded on demand and after every change, and row
 * actions such as delete, approve or suspend, each confirmed first when it asks to be. Pure: the app provides
 * the two calls (with abort signals) and shows the emitted notices.
 *
 *   loading ─done→ list ─PAGE/SEARCH/FILTER/RELOAD→ loading      (search and filters go back to page 1)
 *      │  ↖ PAGE/SEARCH/FILTER (restart) ┘
 *      └─fail→ loadFailed ─RETRY/RELOAD/PAGE/SEARCH/FILTER→ loading
 *   list ─ACT{confirm}→ confirming ─CONFIRM→ acting ─done→ loading   (notice, then the list reloads)
 *             └──CANCEL→ list                    └─fail→ list        (rows kept, failure and toast)
 *   list ─ACT→ acting;  DELETE is ACT "delete", always confirmed.
 *
 * Why rows stay while reloading: the table keeps its place and only a spinner shows (no jump to empty).
 */

export type ItemId = number | string;
export interface ListItem { id: ItemId }
export interface ListQuery { page: number; per_page: number; q: string; filters: Record<string, string> }
export interface ListPage<T> { data: T[]; meta: { page: number; per_page: number; total: number } }
/** A row action: its name (an api.ts function decides what it calls) and the row. */
export interface RowAction<T extends ListItem = ListItem> { action: string; item: T }
export interface ActionResult { message?: string }

export interface ResourceListContext<T extends ListItem = ListItem> extends RequestState {
  query: ListQuery;
  items: T[];
  total: number;
  /** Whatever else the last page's meta said (counts per status, say). */
  meta: Record<string, unknown> | null;
  /** The action waiting for confirmation or running. */
  pending: RowAction<T> | null;
}

export type ResourceListEvent<T extends ListItem = ListItem> =
  | { type: 'RELOAD' }
  | { type: 'RETRY' }
  | { type: 'PAGE'; page: number }
  | { type: 'SEARCH'; q: string }
  | { type: 'FILTER'; filters: Record<string, string> }
  | { type: 'ACT'; action: string; item: T; confirm?: boolean }
  | { type: 'DELETE'; item: T }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' };

export type ResourceListEmitted<T extends ListItem = ListItem> = NotifyEmitted | { type: 'acted'; action: string; item: T };

export interface ResourceListInput { per_page?: number; q?: string; filters?: Record<string, string> }

// Paging, search and filters restart the load from wherever the rows are shown or awaited.
const query = {
  PAGE: { target: '#resourceList.loading', reenter: true, actions: 'setPage' },
  SEARCH: { target: '#resourceList.loading', reenter: true, actions: 'setSearch' },
  FILTER: { target: '#resourceList.loading', reenter: true, actions: 'setFilters' },
} as const;

export const resourceListMachine = setup({
  types: {
    context: {} as ResourceListContext,
    events: {} as ResourceListEvent,
    emitted: {} as ResourceListEmitted,
    input: {} as ResourceListInput,
  },
  actors: {
    loadList: missing<ListPage<ListItem>, ListQuery>('resource list', 'loadList'),
    runAction: missing<ActionResult, RowAction>('resource list', 'runAction'),
  },
  guards: {
    asksConfirmation: ({ event }) => (event.type === 'DELETE' ? true : event.type === 'ACT' && !!event.confirm),
  },
  actions: {
    ...requestActions,
    hold: assign({
      pending: ({ event }) => (event.type === 'DELETE' ? { action: 'delete', item: event.item } : event.type === 'ACT' ? { action: event.action, item: event.item } : null),
    }),
    release: assign({ pending: null }),
    setPage: assign({ query: ({ context, event }) => (event.type === 'PAGE' ? { ...context.query, page: Math.max(1, event.page) } : context.query) }),
    setSearch: assign({ query: ({ context, event }) => (event.type === 'SEARCH' ? { ...context.query, q: event.q, page: 1 } : context.query) }),
    setFilters: assign({ query: ({ context, event }) => (event.type === 'FILTER' ? { ...context.query, filters: { ...context.query.filters, ...event.filters }, page: 1 } : context.query) }),
  },
}).createMachine({
  id: 'resourceList',
  context: ({ input }) => ({
    query: { page: 1, per_page: input.per_page ?? 20, q: input.q ?? '', filters: input.filters ?? {} },
    items: [], total: 0, meta: null, pending: null, ...NO_FAILURE,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearErrors',
      invoke: {
        id: 'loadList',
        src: 'loadList',
        input: ({ context }) => context.query,
        onDone: { target: 'list', actions: assign({ items: ({ event }) => event.output.data, total: ({ event }) => event.output.meta.total, meta: ({ event }) => event.output.meta as unknown as Record<string, unknown> }) },
        onError: { target: 'loadFailed', actions: 'failAndNotify' },
      },
      on: { ...query },
    },
    loadFailed: {
      on: { RETRY: 'loading', RELOAD: 'loading', ...query },
    },
    list: {
      on: {
        RELOAD: 'loading',
        ...query,
        ACT: [
          { guard: 'asksConfirmation', target: 'confirming', actions: ['hold', 'clearErrors'] },
          { target: 'acting', actions: 'hold' },
        ],
        DELETE: { target: 'confirming', actions: ['hold', 'clearErrors'] },
      },
    },
    confirming: {
      on: {
        CONFIRM: 'acting',
        CANCEL: { target: 'list', actions: 'release' },
      },
    },
    acting: {
      entry: 'clearErrors',
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'loading',
          actions: ['notifySuccess', emit(({ context }) => ({ type: 'acted' as const, ...context.pending! })), 'release'],
        },
        onError: { target: 'list', actions: ['failAndNotify', 'release'] },
      },
    },
  },
});

/** True while the list waits on the server. */
export const listBusy = (value: unknown) => value === 'loading' || value === 'acting';

import { assign, emit, setup } from 'xstate';
import { requestActions, missing, NO_FAILURE, type NavigateEmitted, type NotifyEmitted, type RequestState } from './request';
import type { ItemId } from './resource-list';
import { changedBetween, followFields, type FieldErrors } from './field-errors';

/**
 * Any form screen that creates or edits one thing (a user, a bank, a charge, margins...): the item is loaded
 * when editing, the values are checked on the client with the contract's schema before anything is sent (the
 * server checks the same schema), and the server's first message per field comes back onto the form.
 * Leaving with unsaved changes asks first. Pure: the app provides the three calls and shows the emitted notices
 * and navigations.
 *
 *   boot ─┬→ loading ─done→ editing          ─fail→ loadFailed ─RETRY→ loading
 *         │   loading ─SET→ loading (what is typed is kept over the loaded values)
 *         └→ editing (a new item)
 *   editing ─SET→ editing;  ─SUBMIT→ validating ─ok→ saving ─done→ saved (navigate to `after`)
 *                                 └─invalid→ editing        │      └→ editing (stays: `after` unset)
 *                                                           └─fail→ editing (server field errors)
 *   editing | loadFailed ─LEAVE{to}→ left (navigate);  with unsaved changes → confirmingLeave ─CONFIRM→ left
 *                                                                            └CANCEL→ editing
 */

export type FormValues = Record<string, unknown>;
export interface SaveInput<B = unknown> { id: ItemId | null; values: B }
export interface SaveResult { message?: string; data?: { id: ItemId } | null }

export interface ResourceFormContext<V extends FormValues = FormValues> extends RequestState {
  id: ItemId | null;
  values: V;
  /** The values as loaded or last saved: the form is dirty when `values` differ. */
  initial: V;
  /** The request body the schema made of `values` (what is saved). */
  body: unknown;
  /** Where to go after saving (`:id` becomes the saved item's id); unset: stay on the form. */
  after: string | null;
  leaveTo: string | null;
  loads: boolean;
}

export type ResourceFormEvent =
  /**
   * `check`: the client's check of the values before and after this change (the screen's schema, which the machine
   * does not hold); with it a shown message stays while its field is still wrong and goes once it is right.
   */
  | { type: 'SET'; field: string; value: unknown; check?: { before: FieldErrors; after: FieldErrors } }
  | { type: 'SUBMIT' }
  | { type: 'LEAVE'; to: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export type ResourceFormEmitted = NotifyEmitted | NavigateEmitted | { type: 'saved'; id: ItemId | null };

export interface ResourceFormInput<V extends FormValues = FormValues> {
  /** The item edited; null or absent for a new one. */
  id?: ItemId | null;
  /** The blank form (a new item) and the shape every loaded item is read into. */
  values: V;
  after?: string | null;
  /** Load even without an id (a settings form such as the customer margins). */
  load?: boolean;
}

/** True when the form holds changes that were not saved. */
export const isDirty = (c: Pick<ResourceFormContext, 'values' | 'initial'>) => JSON.stringify(c.values) !== JSON.stringify(c.initial);

/** The fields changed from the blank form while the item was loading. */
const typedWhileLoading = (c: Pick<ResourceFormContext, 'values' | 'initial'>) =>
  Object.fromEntries(Object.entries(c.values).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(c.initial[k])));

const FIX_FIELDS = { status: 'error' as const, key: 'machines.fixFields' };

export const resourceFormMachine = setup({
  types: {
    context: {} as ResourceFormContext,
    events: {} as ResourceFormEvent,
    emitted: {} as ResourceFormEmitted,
    input: {} as ResourceFormInput,
  },
  actors: {
    loadItem: missing<FormValues, { id: ItemId | null }>('resource form', 'loadItem'),
    /** The contract's schema over the values: gives the body to save, or throws a Failure with field errors. */
    validate: missing<unknown, FormValues>('resource form', 'validate'),
    saveItem: missing<SaveResult, SaveInput>('resource form', 'saveItem'),
  },
  guards: {
    loads: ({ context }) => context.loads,
    dirty: ({ context }) => isDirty(context),
    leavesAfterSave: ({ context }) => context.after !== null,
  },
  actions: {
    ...requestActions,
    navigateAway: emit(({ context }) => ({ type: 'navigate' as const, to: context.leaveTo ?? '/' })),
    holdLeave: assign({ leaveTo: ({ event }) => (event.type === 'LEAVE' ? event.to : null) }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'SET') return {};
      const values = { ...context.values, [event.field]: event.value };
      // A shown message follows its field (field-errors.ts). Without the client's check, a changed field's message
      // goes (a list field's messages, "passengers.0.title", with it) and the others stay until the next submit.
      const changed = changedBetween(context.values, values);
      const fieldErrors = event.check ? followFields(context.fieldErrors, event.check, changed)
        : Object.fromEntries(Object.entries(context.fieldErrors).filter(([k]) => !changed(k)));
      return { values, fieldErrors };
    }),
  },
}).createMachine({
  id: 'resourceForm',
  context: ({ input }) => ({
    id: input.id ?? null, values: input.values, initial: input.values, body: null, after: input.after ?? null, leaveTo: null,
    loads: input.load === true || input.id != null, ...NO_FAILURE,
  }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'loads', target: 'loading' }, { target: 'editing' }] },
    loading: {
      entry: 'clearErrors',
      // What is typed before the item arrives is kept over the loaded values (the fields show while it loads).
      on: { SET: { actions: 'setField' } },
      invoke: {
        id: 'loadItem',
        src: 'loadItem',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'editing', actions: assign({ values: ({ context, event }) => ({ ...context.initial, ...event.output, ...typedWhileLoading(context) }), initial: ({ context, event }) => ({ ...context.initial, ...event.output }) }) },
        onError: { target: 'loadFailed', actions: 'failAndNotify' },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading', LEAVE: { target: 'left', actions: 'holdLeave' } },
    },
    editing: {
      on: {
        SET: { actions: 'setField' },
        SUBMIT: 'validating',
        LEAVE: [
          { guard: 'dirty', target: 'confirmingLeave', actions: 'holdLeave' },
          { target: 'left', actions: 'holdLeave' },
        ],
      },
    },
    validating: {
      entry: 'clearErrors',
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => context.values,
        onDone: { target: 'saving', actions: assign({ body: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: ['fail', emit({ type: 'notify', notice: FIX_FIELDS })] },
      },
    },
    saving: {
      invoke: {
        id: 'saveItem',
        src: 'saveItem',
        input: ({ context }) => ({ id: context.id, values: context.body }),
        onDone: [
          {
            guard: 'leavesAfterSave',
            target: 'saved',
            actions: [
              'notifySuccess',
              emit(({ context, event }) => ({ type: 'saved' as const, id: event.output?.data?.id ?? context.id })),
              emit(({ context, event }) => ({ type: 'navigate' as const, to: context.after!.replace(':id', encodeURIComponent(String(event.output?.data?.id ?? context.id ?? ''))) })),
            ],
          },
          {
            target: 'editing',
            actions: [
              'notifySuccess',
              assign({ initial: ({ context }) => context.values, id: ({ context, event }) => event.output?.data?.id ?? context.id }),
              emit(({ context, event }) => ({ type: 'saved' as const, id: event.output?.data?.id ?? context.id })),
            ],
          },
        ],
        onError: { target: 'editing', actions: 'failAndNotify' },
      },
    },
    confirmingLeave: {
      on: { CONFIRM: 'left', CANCEL: { target: 'editing', actions: assign({ leaveTo: null }) } },
    },
    saved: { type: 'final' },
    left: { type: 'final', entry: 'navigateAway' },
  },
});

/** True while the form waits on the server. */
export const formBusy = (value: unknown) => value === 'loading' || value === 'validating' || value === 'saving';

import { useMemo, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import * as v from 'valibot';
import { formBusy, isDirty, resourceFormMachine, type FormValues, type ResourceFormInput, type SaveInput, type SaveResult } from '../../machines/resource-form';
import type { Failure } from '../../machines/notice';
import type { ItemId } from '../../machines/resource-list';
import { firstIssues } from './issues';
import { useLeaveGuard, useMachineScreen } from './machines';

/**
 * A form screen on the resource-form machine: the feature's api.ts loads the item (when editing) and saves it;
 * the contract's schema checks the values before anything is sent (plus `check` for rules a schema cannot say,
 * such as dates against today). What is sent is the values as typed: the server parses them with the same schema.
 */
export interface FormCalls<V extends FormValues> {
  schema: v.GenericSchema;
  check?: (parsed: unknown) => Record<string, string>;
  /** The request body of the values (checked by the schema and saved); the values themselves by default. */
  toBody?: (values: V) => unknown;
  /** The item being edited; only the form's own fields are taken from it (a missing or null one stays blank). */
  load?: (id: ItemId | null, signal: AbortSignal) => Promise<object>;
  save: (input: SaveInput<unknown>, signal: AbortSignal) => Promise<SaveResult>;
}

const invalid = (fieldErrors: Record<string, string>): Failure => ({ notice: null, fieldErrors });

/** What the client's checks say of some values: the schema's first message per field, then `check`'s rules. */
function clientErrors<V extends FormValues>(calls: FormCalls<V>, values: V): Record<string, string> {
  const parsed = v.safeParse(calls.schema, calls.toBody ? calls.toBody(values) : values);
  if (!parsed.success) return firstIssues(parsed.issues);
  return calls.check?.(parsed.output) ?? {};
}

/** The loaded item read into the form's shape: its fields that the form has, null as empty. */
function fitTo<V extends FormValues>(blank: V, item: object): Partial<V> {
  const source = item as Record<string, unknown>;
  return Object.fromEntries(Object.keys(blank).filter((k) => k in source).map((k) => [k, source[k] ?? ''])) as Partial<V>;
}

export function useResourceForm<V extends FormValues>(calls: FormCalls<V>, input: ResourceFormInput<V>, on?: (e: { type: string; [k: string]: unknown }) => void) {
  // The calls are fixed for the screen's life (see useMachineScreen).
  const actors = useMemo(() => ({
    loadItem: fromPromise(({ input: i, signal }: { input: { id: ItemId | null }; signal: AbortSignal }) =>
      calls.load ? calls.load(i.id, signal).then((item) => fitTo(input.values, item)) : Promise.resolve({})),
    validate: fromPromise(async ({ input: values }: { input: V }) => {
      const errors = clientErrors(calls, values);
      if (Object.keys(errors).length) throw invalid(errors);
      return calls.toBody ? calls.toBody(values) : values;
    }),
    saveItem: fromPromise(({ input: i, signal }: { input: SaveInput<unknown>; signal: AbortSignal }) => calls.save(i, signal)),
  }), []); // eslint-disable-line react-hooks/exhaustive-deps
  const [snapshot, send, actor] = useMachineScreen(resourceFormMachine, { actors, input, on });
  const ctx = snapshot.context;
  useLeaveGuard(isDirty(ctx) && !snapshot.matches('saved'));
  return {
    snapshot,
    send,
    values: ctx.values as V,
    errors: ctx.fieldErrors,
    busy: formBusy(snapshot.value),
    /** The item being edited is still on its way: the form says so (aria-busy and a bar along its top). */
    loading: snapshot.matches('loading'),
    loadFailed: snapshot.matches('loadFailed'),
    /**
     * The change handler of one field. Once messages are shown, the values are checked before and after the change
     * (read from the machine, so two changes in a row each see the other), and a message goes once its field is right.
     */
    set: (field: keyof V & string) => (value: unknown) => {
      const c = actor.getSnapshot().context;
      if (!Object.keys(c.fieldErrors).length) return send({ type: 'SET', field, value });
      const before = c.values as V;
      send({ type: 'SET', field, value, check: { before: clientErrors(calls, before), after: clientErrors(calls, { ...before, [field]: value }) } });
    },
    submit: (e?: FormEvent) => { e?.preventDefault(); send({ type: 'SUBMIT' }); },
  };
}

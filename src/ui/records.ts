import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { recordMachine, type RecordActionInput } from '../../machines/record';
import type { ItemId } from '../../machines/resource-list';
import { useMachineScreen } from './machines';

/**
 * One record on the record machine (a details screen, a dashboard's figures, a picker's options): loaded,
 * shown, reloaded on RELOAD, with actions that reload it after they succeed. `id` names what to load (0 for
 * a record that has no id, such as the signed-in agent's totals).
 */
export function useRecord<T>(load: (id: ItemId, signal: AbortSignal) => Promise<T>, id: ItemId = 0, act?: (a: RecordActionInput, signal: AbortSignal) => Promise<{ message?: string }>, initial?: T | null) {
  // The calls are fixed for the screen's life (see useMachineScreen).
  const actors = useMemo(() => ({
    loadRecord: fromPromise(({ input, signal }: { input: { id: ItemId }; signal: AbortSignal }) => load(input.id, signal)),
    runAction: fromPromise(({ input, signal }: { input: RecordActionInput; signal: AbortSignal }) =>
      act ? act(input, signal) : Promise.reject(new Error(`no action "${input.action}" on this record`))),
  }), []); // eslint-disable-line react-hooks/exhaustive-deps
  const [snapshot, send] = useMachineScreen(recordMachine, { actors, input: { id, data: initial } });
  return {
    snapshot, send, data: snapshot.context.data as T | null, loading: snapshot.matches('loading'), failed: snapshot.matches('loadFailed'),
    reload: () => send({ type: 'RELOAD' }),
    /** Load another record in place (the one shown stays until the new one arrives). */
    open: (next: ItemId) => send({ type: 'OPEN', id: next }),
  };
}

/**
 * A page's data on the record machine from a call of the feature's api.ts answering {data}: loaded, shown, Try
 * again after a failure, and loaded afresh (the old data kept on screen meanwhile) when `key` changes (a new
 * search, say). A null call loads nothing. `initial`: an answer already here, shown from the first render (no
 * "Loading" frame before it).
 */
export function useRecordOf<T>(call: ((signal: AbortSignal) => Promise<{ data: T }>) | null, key: string, initial?: { data: T } | null) {
  const latest = useRef(call);
  latest.current = call;
  const record = useRecord<T | null>((_, signal) => (latest.current ? latest.current(signal).then((r) => r.data) : Promise.resolve(null)), key, undefined, initial?.data);
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    record.open(key);
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return { data: record.data, loading: record.loading, failed: record.failed, reload: () => record.send({ type: record.failed ? 'RETRY' : 'RELOAD' }) };
}

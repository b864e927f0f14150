import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { recordMachine, type RecordActionInput } from '../../machines/record';
import type { ItemId } from '../../machines/resource-list';
import { useMachineScreen } from './machines';

/**
 * One record on the record machine (a details screen, a dashboard's figures, a picker's options): loaded,
 * shown, reloaded on RELOAD, with actions that reload it after they succeed. `id` names what to load (0 for
 * a record that has no id, such as the signed-in agent's totals).
 */
export function useRecord<T>(load: (id: ItemId, signal: AbortSignal) => Promise<T>, id: ItemId = 0, act?: (a: RecordActionInput, signal: AbortSignal) => Promise<{ message?: string }>) {
  // The calls are fixed for the screen's life (see useMachineScreen).
  const actors = useMemo(() => ({
    loadRecord: fromPromise(({ input, signal }: { input: { id: ItemId }; signal: AbortSignal }) => load(input.id, signal)),
    runAction: fromPromise(({ input, signal }: { input: RecordActionInput; signal: AbortSignal }) =>
      act ? act(input, signal) : Promise.reject(new Error(`no action "${input.action}" on this record`))),
  }), []); // eslint-disable-line react-hooks/exhaustive-deps
  const [snapshot, send] = useMachineScreen(recordMachine, { actors, input: { id } });
  return {
    snapshot, send, data: snapshot.context.data as T | null, loading: snapshot.matches('loading'), failed: snapshot.matches('loadFailed'),
    reload: () => send({ type: 'RELOAD' }),
    /** Load another record in place (the one shown stays until the new one arrives). */
    open: (next: ItemId) => send({ type: 'OPEN', id: next }),
  };
}

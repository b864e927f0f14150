import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import type { AnyStateMachine } from 'xstate';
import type { Notice } from '../../../machines/notice';
import { notify } from '../../ui/toast';

/** A screen's machine whose emitted `notify` events become toasts while the screen is open. */
export function useNoticeMachine<M extends AnyStateMachine>(machine: M, options?: Parameters<typeof useMachine<M>>[1]) {
  const result = useMachine(machine, options);
  const actor = result[2];
  useEffect(() => {
    const sub = actor.on('notify', (e: { notice: Notice }) => notify(e.notice));
    return () => sub.unsubscribe();
  }, [actor]);
  return result;
}

import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '../app/actors';
import { navigate } from 'wouter/use-browser-location';
import type { AnyStateMachine, InputFrom } from 'xstate';
import type { Notice } from '../../machines/notice';
import { notify } from './toast';

/**
 * Runs a machine of machines/ for one screen: its calls come from the feature's api.ts, its emitted notices
 * become toasts and its navigations go through the router, so the screen only renders the snapshot and sends
 * events. `on` hears every other emitted event (a list reloading beside a form, say).
 */
export interface MachineScreenOptions<M extends AnyStateMachine> {
  actors?: Record<string, unknown>;
  guards?: Record<string, unknown>;
  input?: InputFrom<M>;
  on?: (event: { type: string; [k: string]: unknown }) => void;
}

export function useMachineScreen<M extends AnyStateMachine>(machine: M, { actors, guards, input, on }: MachineScreenOptions<M> = {}) {
  // The calls are fixed for the screen's life: providing them again would restart nothing, only waste work.
  const provided = useMemo(() => machine.provide({ actors, guards } as never) as M, [machine]); // eslint-disable-line react-hooks/exhaustive-deps
  const [snapshot, send, actor] = useMachine(provided, { input } as never);
  const listener = useRef(on);
  listener.current = on;
  useEffect(() => {
    const sub = actor.on('*', (e: { type: string; notice?: Notice | null; to?: string }) => {
      if (e.type === 'notify') notify(e.notice);
      // Going where the reader already is (a form inside a list screen closing) adds no second history entry.
      else if (e.type === 'navigate' && e.to && e.to !== window.location.pathname + window.location.search) navigate(e.to);
      listener.current?.(e);
    });
    return () => sub.unsubscribe();
  }, [actor]);
  return [snapshot, send, actor] as const;
}

/** While a form holds unsaved changes, closing or reloading the tab asks first (links inside the app send LEAVE). */
export function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}

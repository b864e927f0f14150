import { useEffect, useState } from 'react';
import { LIVE_CHANNEL } from '../../../app/actors';
import type { LiveMessage, StateMessage } from './protocol';

/**
 * The explorer's side of the live view: says hello on the channel (and again to every app tab that opens later),
 * and keeps what the tabs publish: per actor, its transitions in order. Presentation state for the explorer; the
 * recorded log is bounded so a long session does not grow without end.
 */
export interface LiveActorLog {
  actor: string;
  machine: string;
  tab: string;
  path: string;
  entries: StateMessage[];
}

const MAX_ENTRIES = 300;

export function useLive(): LiveActorLog[] {
  const [actors, setActors] = useState<LiveActorLog[]>([]);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const id = Math.random().toString(36).slice(2, 10);
    const channel = new BroadcastChannel(LIVE_CHANNEL);
    const hello = () => channel.postMessage({ type: 'explorer', id } satisfies LiveMessage);
    channel.onmessage = (m: MessageEvent<LiveMessage>) => {
      const msg = m.data;
      if (msg?.type === 'app') hello();
      if (msg?.type !== 'state') return;
      setActors((all) => {
        const at = all.findIndex((a) => a.actor === msg.actor && a.tab === msg.tab);
        const old = all[at];
        // A repeat of the state the explorer already has (a second hello) adds nothing.
        if (old && msg.event === null && JSON.stringify(old.entries.at(-1)?.value) === JSON.stringify(msg.value)) return all;
        const next: LiveActorLog = {
          actor: msg.actor, machine: msg.machine, tab: msg.tab, path: msg.path,
          entries: [...(old?.entries ?? []), msg].slice(-MAX_ENTRIES),
        };
        return at < 0 ? [...all, next] : all.map((a, i) => (i === at ? next : a));
      });
    };
    hello();
    const bye = () => channel.postMessage({ type: 'explorer-bye', id } satisfies LiveMessage);
    window.addEventListener('pagehide', bye);
    return () => { bye(); window.removeEventListener('pagehide', bye); channel.close(); };
  }, []);
  return actors;
}

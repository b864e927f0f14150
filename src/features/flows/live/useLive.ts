import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVE_CHANNEL, type LiveMessage, type StateMessage } from './protocol';
import { isolate, supportFollowActor, useSupportFollow } from './support-follow';

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
  /** Whose they are when they come through a support session (role and masked name); this browser's own have none. */
  owner?: string;
}

const MAX_ENTRIES = 300;

/**
 * The logs with `messages` added in order, as one new list for the whole batch (the same list when nothing changed).
 * A repeat of the state the explorer already has (a second hello) adds nothing.
 */
export function withMessages(all: LiveActorLog[], messages: readonly StateMessage[]): LiveActorLog[] {
  let out: LiveActorLog[] | null = null;
  const index = new Map(all.map((a, i) => [`${a.tab} ${a.actor}`, i]));
  for (const msg of messages) {
    const key = `${msg.tab} ${msg.actor}`;
    const at = index.get(key);
    const old = at === undefined ? undefined : (out ?? all)[at];
    if (old && msg.event === null && JSON.stringify(old.entries.at(-1)?.value) === JSON.stringify(msg.value)) continue;
    const next: LiveActorLog = {
      actor: msg.actor, machine: msg.machine, tab: msg.tab, path: msg.path,
      entries: [...(old?.entries ?? []), msg].slice(-MAX_ENTRIES),
    };
    out ??= [...all];
    if (at === undefined) { index.set(key, out.length); out.push(next); } else out[at] = next;
  }
  return out ?? all;
}

/**
 * This browser's tabs' actors, and those of the user whose support session the explorer follows (marked as theirs).
 * Closing the explorer ends the session it follows.
 */
export function useLive(): LiveActorLog[] {
  const local = useLocalLive();
  const { t } = useTranslation();
  const follow = useSupportFollow();
  const { messages, session } = follow.context;
  const owner = session ? `${t(`roles.${session.user.role}`)} ${isolate(session.user.name)}` : undefined;
  const remote = useMemo(() => withMessages([], messages.map((m) => ({ ...m, tab: `support ${m.tab}` }))).map((a) => ({ ...a, owner })), [messages, owner]);
  useEffect(() => () => { if (supportFollowActor().getSnapshot().matches('following')) supportFollowActor().send({ type: 'LEAVE' }); }, []);
  return useMemo(() => (remote.length ? [...local, ...remote] : local), [local, remote]);
}

function useLocalLive(): LiveActorLog[] {
  const [actors, setActors] = useState<LiveActorLog[]>([]);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const id = Math.random().toString(36).slice(2, 10);
    const channel = new BroadcastChannel(LIVE_CHANNEL);
    const hello = () => channel.postMessage({ type: 'explorer', id } satisfies LiveMessage);
    // Messages come one a task, hundreds at once when many actors answer a hello or move: they are applied once a
    // frame (a hidden tab paints no frames: there a few times a second), so the explorer draws once per frame, not
    // once per message.
    let queue: StateMessage[] = [];
    let frame: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      frame = null;
      timer = null;
      const batch = queue;
      queue = [];
      setActors((all) => withMessages(all, batch));
    };
    channel.onmessage = (m: MessageEvent<LiveMessage>) => {
      const msg = m.data;
      if (msg?.type === 'app') hello();
      if (msg?.type !== 'state') return;
      queue.push(msg);
      if (frame !== null || timer !== null) return;
      if (document.hidden) timer = setTimeout(flush, 250);
      else frame = requestAnimationFrame(flush);
    };
    hello();
    const bye = () => channel.postMessage({ type: 'explorer-bye', id } satisfies LiveMessage);
    window.addEventListener('pagehide', bye);
    return () => {
      bye();
      window.removeEventListener('pagehide', bye);
      channel.close();
      if (frame !== null) cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
    };
  }, []);
  return actors;
}

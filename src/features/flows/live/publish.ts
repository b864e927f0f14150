import type { AnyActor, AnyEventObject, InspectionEvent } from 'xstate';
import { mask } from './mask';
import type { LiveMessage, StateMessage } from './protocol';

/**
 * What a tab says about its machines, wherever it goes: every machine actor's current state on `sendAll`, then each
 * transition as the inspector hears it, masked. `post` takes each message (the BroadcastChannel, or a support
 * session's batch).
 */
export function machineMessages(machines: ReadonlySet<AnyActor>, post: (message: StateMessage) => void) {
  const tab = Math.random().toString(36).slice(2, 10);
  const send = (ref: AnyActor, event: AnyEventObject | null) => {
    const snap = ref.getSnapshot() as { value?: unknown; status: string };
    post({
      type: 'state', tab, path: window.location.pathname, actor: ref.sessionId, machine: (ref.logic as { id: string }).id,
      time: Date.now(), event: event && (mask(event) as StateMessage['event']), value: snap.value ?? null, status: snap.status,
    });
  };
  return {
    sendAll: () => machines.forEach((m) => { if (m.getSnapshot()?.status === 'active') send(m, null); }),
    inspect: (e: InspectionEvent) => {
      const ref = e.actorRef as AnyActor;
      if (!machines.has(ref)) return;
      // A machine that starts by invoking a call sits in its first state until the call answers: show it from its start.
      if (e.type === '@xstate.event' && e.event.type === 'xstate.init') send(ref, null);
      else if (e.type === '@xstate.snapshot') send(ref, e.event);
    },
  };
}

/**
 * The app tab's side of the live explorer, loaded only once an explorer has said hello (src/app/actors.ts): sends
 * every machine actor's current state, then each transition, while at least one explorer listens.
 */
export function startPublishing(channel: BroadcastChannel, machines: ReadonlySet<AnyActor>, firstExplorer: string) {
  const explorers = new Set([firstExplorer]);
  const messages = machineMessages(machines, (m) => channel.postMessage(m));

  channel.onmessage = (m: MessageEvent<LiveMessage>) => {
    if (m.data?.type === 'explorer') { explorers.add(m.data.id); messages.sendAll(); }
    if (m.data?.type === 'explorer-bye') explorers.delete(m.data.id);
  };
  messages.sendAll();

  return (e: InspectionEvent) => {
    if (explorers.size) messages.inspect(e);
  };
}

import { fromPromise } from 'xstate';
import type { ItemResponse } from '../../../../contract/http';
import { SUPPORT_BATCH_MAX, type FollowedSession, type MySupportSession, type SupportEventsPage } from '../../../../contract/support-sessions';
import { at, get, send } from '../../../api/calls';
import { listenToMachines } from '../../../app/actors';
import type { StateMessage } from './protocol';

/**
 * Support sessions' calls. The user's tab: start, wait for an analyst, relay its machines while joined, end. The
 * explorer: join by code, poll the messages, leave. Each is a machine's actor (machines/support-session.ts,
 * machines/support-follow.ts); the long-running ones stop when their state is left (the signal).
 */
const BASE = '/support-sessions';
/** How often the tab asks whether an analyst has joined, and sends its batch of messages while joined. */
const WAIT_EVERY_MS = 2000;
const BATCH_EVERY_MS = 500;
/** With nothing to send, the tab still asks this often whether the session goes on. */
const HEARTBEAT_MS = 3000;
/** Messages the tab holds while a batch is on its way: the oldest go first when the page is busier than the line. */
const BUFFER_MAX = 300;
/** Failed calls in a row before the tab gives the session up. */
const RETRIES = 5;

const pause = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
});
const aborted = () => new Promise<never>(() => {});

/** Calls `ask` until it answers, a few failures in a row tolerated (a train through a tunnel). */
async function persist<T>(ask: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await ask();
    } catch (err) {
      if (failures + 1 >= RETRIES || signal.aborted) throw err;
      await pause(WAIT_EVERY_MS, signal);
    }
  }
}

const mine = (signal: AbortSignal) => get<ItemResponse<MySupportSession | null>>(`${BASE}/mine`, {}, signal).then((r) => r.data);

async function waitForJoin(signal: AbortSignal): Promise<MySupportSession> {
  for (;;) {
    await pause(WAIT_EVERY_MS, signal);
    if (signal.aborted) return aborted();
    const session = await persist(() => mine(signal), signal);
    if (!session) throw new Error('The support session is gone.');
    if (session.status !== 'waiting') return session;
  }
}

/** Every machine's state at once, then each transition, in batches, until the server says the session is over. */
async function relay(signal: AbortSignal): Promise<MySupportSession> {
  const buffer: StateMessage[] = [];
  const { machineMessages } = await import('./publish');
  const stop = listenToMachines((running) => {
    const messages = machineMessages(running, (m) => {
      buffer.push(m);
      if (buffer.length > BUFFER_MAX) buffer.splice(0, buffer.length - BUFFER_MAX);
    });
    messages.sendAll();
    return messages.inspect;
  });
  try {
    let quiet = 0;
    for (;;) {
      await pause(BATCH_EVERY_MS, signal);
      if (signal.aborted) return aborted();
      quiet += BATCH_EVERY_MS;
      if (!buffer.length && quiet < HEARTBEAT_MS) continue;
      quiet = 0;
      const events = buffer.splice(0, SUPPORT_BATCH_MAX);
      const session = await persist(() => send<ItemResponse<MySupportSession>>('POST', `${BASE}/mine/events`, { events }, signal), signal).then((r) => r.data);
      if (session.status !== 'joined') return session;
    }
  } finally {
    stop();
  }
}

export const supportSessionActors = {
  resume: fromPromise<MySupportSession | null, void>(({ signal }) => mine(signal)),
  start: fromPromise<MySupportSession, void>(({ signal }) => send<ItemResponse<MySupportSession>>('POST', BASE, {}, signal).then((r) => r.data)),
  waitForJoin: fromPromise<MySupportSession, void>(({ signal }) => waitForJoin(signal)),
  relay: fromPromise<MySupportSession, void>(({ signal }) => relay(signal)),
  end: fromPromise<MySupportSession, void>(({ signal }) => send<ItemResponse<MySupportSession>>('POST', `${BASE}/mine/end`, {}, signal).then((r) => r.data)),
};

/** How long the explorer's poll waits on the server for a message. */
const POLL_WAIT_S = 15;

export const supportFollowActors = {
  join: fromPromise<FollowedSession, { code: string }>(({ input, signal }) => send<ItemResponse<FollowedSession>>('POST', `${BASE}/join`, { code: input.code }, signal).then((r) => r.data)),
  poll: fromPromise<SupportEventsPage, { id: string; after: number }>(({ input, signal }) =>
    persist(() => get<ItemResponse<SupportEventsPage>>(`${at(BASE, input.id)}/events`, { after: input.after, wait: POLL_WAIT_S }, signal), signal).then((r) => r.data)),
  leave: fromPromise<FollowedSession, { id: string }>(({ input, signal }) => send<ItemResponse<FollowedSession>>('POST', `${at(BASE, input.id)}/end`, {}, signal).then((r) => r.data)),
};

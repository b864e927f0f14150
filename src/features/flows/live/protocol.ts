/**
 * What app tabs and explorers say on the BroadcastChannel (src/app/actors.ts). An explorer says `explorer` when it
 * opens and whenever an app tab says `app`; an app tab then publishes `state` messages: one per machine actor at
 * once (event null), then one per transition. `explorer-bye` when an explorer closes; with none left, a tab is quiet.
 */
/** The channel's name: app tabs (src/app/actors.ts), explorers and the live benchmark all open this one. */
export const LIVE_CHANNEL = 'safar-flows';

export interface StateMessage {
  type: 'state';
  /** The app tab (random per page load) and the page it shows. */
  tab: string;
  path: string;
  /** The actor (its session id) and its machine's id (a catalogue machine's root state id). */
  actor: string;
  machine: string;
  time: number;
  /** The event that led here, masked; null for the state the explorer found the actor in. */
  event: { type: string; [k: string]: unknown } | null;
  value: unknown;
  status: string;
}
export type ExplorerMessage = { type: 'explorer'; id: string } | { type: 'explorer-bye'; id: string };
export type LiveMessage = StateMessage | ExplorerMessage | { type: 'app' };

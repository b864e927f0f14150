/**
 * What app tabs and explorers say on the BroadcastChannel (src/app/actors.ts). An explorer says `explorer` when it
 * opens and whenever an app tab says `app`; an app tab then publishes `state` messages: one per machine actor at
 * once (event null), then one per transition. `explorer-bye` when an explorer closes; with none left, a tab is quiet.
 */
import type { SupportMessage } from '../../../../contract/support-sessions';

/** The channel's name: app tabs (src/app/actors.ts), explorers and the live benchmark all open this one. */
export const LIVE_CHANNEL = 'safar-flows';

/** One machine actor's state or transition, masked: the same on the channel and through a support session. */
export type StateMessage = SupportMessage;
export type ExplorerMessage = { type: 'explorer'; id: string } | { type: 'explorer-bye'; id: string };
export type LiveMessage = StateMessage | ExplorerMessage | { type: 'app' };

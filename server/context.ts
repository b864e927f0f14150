import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from './db/client';

/** Everything a request handler or service needs, passed in so tests can build their own. */
export interface AppContext {
  db: Db;
  config: Config;
  log: Logger;
  /** The clock; tests move it to expire tokens and holds. */
  now(): Date;
}

export type SessionUser = typeof import('./db/schema').users.$inferSelect;

export interface AppEnv {
  Variables: {
    ctx: AppContext;
    requestId: string;
    user: SessionUser | null;
    sessionId: string | null;
    /** id of the bearer token that authenticated this request, if any */
    accessTokenId: number | null;
    /** The answer chose its own encoding (server/http/compress.ts ANSWER_ENCODED). */
    answerEncoded?: boolean;
    /** The agent's wallet as this request's own posting left it, for the wallet header (server/ledger/wallet-header.ts). */
    walletAfter?: { balanceMinor: number; creditLimitMinor: number; currency: string };
  };
}

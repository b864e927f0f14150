import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import type { Db } from '../db/client';
import { watchedRead } from '../db/write-watch';
import { toMoney } from '../../contract/money';
import { WALLET_HEADER, walletHeaderValue } from '../../contract/http';
import { WALLET_CREDIT_HEADER } from '../../contract/credit';
import { walletBalance } from './service';
import { agencyOf } from '../agency/of';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The bell's poll: how the agent's app hears of what staff moved meanwhile (a deposit approved, a charge, a void). */
const POLLED = '/api/notifications/unread-count';

/**
 * The balance kept until a write to the wallets reaches this process (server/db/write-watch.ts): most of what an
 * agent changes (a hold, a cancel of one, a date-change quote) and most polls move no money, and each read was a
 * statement of its own.
 */
const keptBalance = watchedRead(['wallets'], (db, agentId: number) => walletBalance(db as Db, agentId));

/**
 * An agent's answer to anything it changed (a booking paid or canceled, a date change, a refund asked...) and to the
 * bell's poll carries its wallet balance after it (WALLET_HEADER), read once the change has committed: the app's
 * wallet shows the new figure at once, and a movement made by staff within a poll. Whether it will is known before
 * the answer (who asks, how, for what), so every other request passes straight through. A request whose own
 * posting left the wallet as it says (`walletAfter`) is answered with that, without reading it again.
 */
export const walletHeader: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  if (user?.role !== 'agent') return next();
  const method = c.req.method;
  if (!MUTATING.has(method) && !(method === 'GET' && c.req.path === POLLED)) return next();
  await next();
  if (c.res.status >= 500) return;
  const b = c.get('walletAfter') ?? await keptBalance(c.get('ctx').db, agencyOf(user));
  c.res.headers.set(WALLET_HEADER, walletHeaderValue(toMoney(b.balanceMinor, b.currency)));
  // An agent on credit also hears its limit, so the app can show what is available without asking again.
  if (b.creditLimitMinor > 0) c.res.headers.set(WALLET_CREDIT_HEADER, walletHeaderValue(toMoney(b.creditLimitMinor, b.currency)));
};

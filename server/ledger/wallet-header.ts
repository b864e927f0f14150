import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { toMoney } from '../../contract/money';
import { WALLET_HEADER, walletHeaderValue } from '../../contract/http';
import { walletBalance } from './service';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The bell's poll: how the agent's app hears of what staff moved meanwhile (a deposit approved, a charge, a void). */
const POLLED = '/api/notifications/unread-count';

/**
 * An agent's answer to anything it changed (a booking paid or canceled, a date change, a refund asked...) and to the
 * bell's poll carries its wallet balance after it (WALLET_HEADER), read once the change has committed: the app's
 * wallet shows the new figure at once, and a movement made by staff within a poll. One primary-key read, only then.
 */
export const walletHeader: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const user = c.get('user');
  if (user?.role !== 'agent' || c.res.status >= 500) return;
  if (!MUTATING.has(c.req.method) && !(c.req.method === 'GET' && c.req.path === POLLED)) return;
  const b = await walletBalance(c.get('ctx').db, user.id);
  c.res.headers.set(WALLET_HEADER, walletHeaderValue(toMoney(b.balanceMinor, b.currency)));
};

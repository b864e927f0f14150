import { fromPromise } from 'xstate';
import { request } from '../../api/client';
import { describeError } from '../../api/messages';
import type { PriceAlert, PriceAlertWatch } from '../../../contract/price-alerts';
import type { ListPage } from '../../../machines/resource-list';
import type { SaveOutcome } from '../../../machines/price-alert';

/** Price alerts' calls: start watching (409 is "already watched", an answer, not a failure), list, remove, unsubscribe. */

/** The server's one watch per route and dates (its watch key): the party and cabin do not make another. */
const sameWatch = (a: PriceAlertWatch, b: PriceAlertWatch) => a.origin === b.origin && a.destination === b.destination
  && (a.month ?? a.departure_date) === (b.month ?? b.departure_date) && (a.return_date ?? null) === (b.return_date ?? null);

/** One list call shared by the watch buttons a screen opens together (the search's and the month's). */
let listing: Promise<PriceAlert[]> | null = null;
function ownAlerts(): Promise<PriceAlert[]> {
  listing ??= request<{ data: PriceAlert[] }>('/price-alerts').then((r) => r.data).finally(() => { listing = null; });
  return listing;
}

/** The owner's alert on this route and these dates, if they watch it already (null on any failure: it is a hint). */
export const findAlert = (watch: PriceAlertWatch): Promise<PriceAlert | null> =>
  ownAlerts().then((list) => list.find((a) => sameWatch(a, watch)) ?? null, () => null);

const status = (err: unknown) => (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode;

export async function saveAlert(watch: PriceAlertWatch, signal?: AbortSignal): Promise<SaveOutcome> {
  try {
    const res = await request<{ data: PriceAlert }>('/price-alerts', { method: 'POST', body: watch, signal });
    return { outcome: 'saved', alert: res.data };
  } catch (err) {
    if (status(err) === 409) return { outcome: 'already', alert: await findAlert(watch) };
    throw describeError(err);
  }
}

export const removeAlert = (id: number, signal?: AbortSignal) =>
  request<{ message: string }>(`/price-alerts/${id}`, { method: 'DELETE', signal }).catch((err: unknown) => { throw describeError(err); });

/** The owner's alerts as one page of the list machine (an owner watches a handful). */
export async function listAlerts(signal?: AbortSignal): Promise<ListPage<PriceAlert>> {
  const { data } = await request<{ data: PriceAlert[] }>('/price-alerts', { signal });
  return { data, meta: { page: 1, per_page: Math.max(data.length, 1), total: data.length } };
}

export const unsubscribe = (token: string, signal?: AbortSignal) =>
  request<{ message: string }>('/price-alerts/unsubscribe', { query: { token }, signal });

export const priceAlertActors = {
  saveAlert: fromPromise(({ input, signal }: { input: PriceAlertWatch; signal: AbortSignal }) => saveAlert(input, signal)),
  removeAlert: fromPromise(({ input, signal }: { input: number; signal: AbortSignal }) => removeAlert(input, signal)),
};

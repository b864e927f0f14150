import { jobs } from '../jobs';
import { reconcileOrders } from './orphan-orders';
import { expireHolds } from './tickets';
import { warnExpiringHolds } from '../notifications/holds';

/** Holds past their deadline are canceled and their seats released (every 20 s, on every server: safe). */
if (!jobs.some((j) => j.name === 'booking-holds')) {
  jobs.push({ name: 'booking-holds', everyMs: 20_000, run: (ctx) => expireHolds(ctx) });
}
/** Supplier orders left holding seats by a crash are closed (every 30 s, on every server: claimed per order). */
if (!jobs.some((j) => j.name === 'supplier-orders')) {
  jobs.push({ name: 'supplier-orders', everyMs: 30_000, run: (ctx) => reconcileOrders(ctx) });
}
/** Agent holds expiring within the hour are announced once each (every 60 s, on every server: deduplicated). */
if (!jobs.some((j) => j.name === 'hold-warnings')) {
  jobs.push({ name: 'hold-warnings', everyMs: 60_000, run: (ctx) => warnExpiringHolds(ctx) });
}

import { jobs } from '../jobs';
import { expireHolds } from './service';

/** Holds past their deadline are canceled and their seats released (every 20 s, on every server: safe). */
if (!jobs.some((j) => j.name === 'booking-holds')) {
  jobs.push({ name: 'booking-holds', everyMs: 20_000, run: (ctx) => expireHolds(ctx) });
}

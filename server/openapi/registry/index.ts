import type { Domain, Operation } from '../operation';
import { auth } from './auth';
import { reference } from './reference';
import { flights } from './flights';
import { catalogue } from './catalogue';
import { agents } from './agents';
import { ledger } from './ledger';
import { bookings } from './bookings';
import { products } from './products';
import { payments } from './payments';
import { backOffice } from './back-office';

export const DOMAINS: Domain[] = [auth, reference, flights, catalogue, agents, ledger, bookings, products, payments, backOffice];

/** Every documented operation by `METHOD /api/path`, with the tag of its domain. */
export const OPERATIONS: Map<string, Operation & { tag: string }> = new Map(
  DOMAINS.flatMap((d) => Object.entries(d.operations).map(([key, op]) => [key, { ...op, tag: d.tag }] as const)),
);

import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { bankRoutes } from '../banks/routes';
import { depositRoutes } from '../deposits/routes';
import { ledgerRoutes } from '../ledger/routes';
import { marginRoutes } from '../margins/routes';
import { exchangeRateRoutes } from '../exchange-rates/routes';
import { travellerRoutes } from '../travellers/routes';
import { userRoutes } from '../users/routes';
import '../agents/seed';

/** Agents, users and staff, deposits, wallet ledger, charges, margins, travellers and banks. */
export function agentAreaRoutes() {
  const r = new Hono<AppEnv>();
  for (const mod of [userRoutes, bankRoutes, depositRoutes, ledgerRoutes, marginRoutes, exchangeRateRoutes, travellerRoutes]) r.route('/', mod());
  return r;
}

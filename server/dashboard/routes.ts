import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { currentUser, requirePermission } from '../http/guards';
import { DASHBOARD_PERMISSIONS } from '../../contract/dashboard';
import { backOfficeDashboard } from './service';

/** The back-office home's figures; every staff role has at least one section (the service decides which). */
export function dashboardRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/back-office-dashboard', requirePermission(...DASHBOARD_PERMISSIONS), async (c) =>
    c.json({ data: await backOfficeDashboard(c.get('ctx').db, currentUser(c), c.get('ctx').now()) }));
  return r;
}

import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context';
import { idParam } from '../http/record-id';
import { currentUser, requireAuth } from '../http/guards';
import { pageField, perPageField } from '../http/paging';
import { parse } from '../http/validate';
import { listNotices, markAllRead, markRead, unreadCount } from './service';

export const ListQuery = v.object({ page: pageField, per_page: perPageField(50, 20) });

/** The caller's own notices: any signed-in user, never another's (404). */
export function notificationRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/notifications', requireAuth, async (c) => {
    const q = parse(ListQuery, c.req.query()) as unknown as { page: number; per_page: number };
    const { data, total, unread } = await listNotices(c.get('ctx').db, currentUser(c).id, q);
    return c.json({ data, meta: { page: q.page, per_page: q.per_page, total, unread } });
  });

  r.get('/notifications/unread-count', requireAuth, async (c) =>
    c.json({ data: { unread: await unreadCount(c.get('ctx').db, currentUser(c).id) } }));

  r.post('/notifications/read-all', requireAuth, async (c) => {
    const ctx = c.get('ctx');
    const marked = await markAllRead(ctx.db, currentUser(c).id, ctx.now());
    return c.json({ message: 'All notifications marked as read.', data: { marked, unread: 0 } });
  });

  r.post('/notifications/:id/read', requireAuth, async (c) => {
    const ctx = c.get('ctx');
    const user = currentUser(c);
    const data = await markRead(ctx.db, user.id, idParam(c), ctx.now());
    return c.json({ message: 'Notification marked as read.', data, meta: { unread: await unreadCount(ctx.db, user.id) } });
  });
  return r;
}

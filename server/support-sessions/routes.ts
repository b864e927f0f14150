import { Hono } from 'hono';
import type { AppEnv } from '../context';
import type { ItemResponse, SaveResponse } from '../../contract/http';
import { SupportCodeInput, SupportEventsInput, SupportPollQuery, type FollowedSession, type MySupportSession, type SupportEventsPage } from '../../contract/support-sessions';
import { currentUser, requireAuth, requirePermission } from '../http/guards';
import { body, query } from '../http/validate';
import { endFollowed, endMine, join, mySession, poll, relay, startSession } from './service';

/**
 * Support sessions. Any signed-in user: POST /support-sessions (start, 201), GET /support-sessions/mine,
 * POST /support-sessions/mine/events (the tab's masked machine messages), POST /support-sessions/mine/end.
 * The explorer's analysts (flows.view): POST /support-sessions/join {code}, GET /support-sessions/:id/events
 * (long poll, ?after=<seq>&wait=<s>), POST /support-sessions/:id/end. Never cached: each answer is the moment's.
 */
export function supportSessionRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/support-sessions/*', async (c, next) => { await next(); c.header('cache-control', 'no-store'); });

  r.post('/support-sessions', requireAuth, (c) =>
    c.json({ message: 'Support session started.', data: startSession(c.get('ctx'), currentUser(c)) } satisfies SaveResponse<MySupportSession>, 201));

  r.get('/support-sessions/mine', requireAuth, (c) =>
    c.json({ data: mySession(c.get('ctx'), currentUser(c).id) } satisfies ItemResponse<MySupportSession | null>));

  r.post('/support-sessions/mine/events', requireAuth, async (c) => {
    const { events } = await body(c, SupportEventsInput);
    return c.json({ data: relay(c.get('ctx'), currentUser(c).id, events) } satisfies ItemResponse<MySupportSession>);
  });

  r.post('/support-sessions/mine/end', requireAuth, (c) =>
    c.json({ message: 'Support session ended.', data: endMine(c.get('ctx'), currentUser(c).id) } satisfies SaveResponse<MySupportSession>));

  r.post('/support-sessions/join', requirePermission('flows.view'), async (c) => {
    const { code } = await body(c, SupportCodeInput);
    return c.json({ data: join(c.get('ctx'), currentUser(c).id, code) } satisfies ItemResponse<FollowedSession>);
  });

  r.get('/support-sessions/:id/events', requirePermission('flows.view'), async (c) => {
    const q = query(c, SupportPollQuery);
    const data = await poll(c.get('ctx'), currentUser(c).id, c.req.param('id'), q, c.req.raw.signal);
    return c.json({ data } satisfies ItemResponse<SupportEventsPage>);
  });

  r.post('/support-sessions/:id/end', requirePermission('flows.view'), (c) =>
    c.json({ message: 'Support session ended.', data: endFollowed(c.get('ctx'), currentUser(c).id, c.req.param('id')) } satisfies SaveResponse<FollowedSession>));
  return r;
}

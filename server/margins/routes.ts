import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context';
import { AgentMarginInput, CustomerMarginInput } from '../../contract/margins';
import { anyAgent, currentUser, requireOneOf, requirePermission, withPermission } from '../http/guards';
import { body } from '../http/validate';
import { HotelMarginInput } from '../../contract/hotels';
import { agentMarginRow, customerMarginRow } from '../pricing';
import { hotelMarginSetting, saveHotelMargin, marginSubject, saveAgentMargin, saveCustomerMargins, toApiAgentMargin, toApiCustomerMargin } from './service';

/** Customer margin values and an agent's margins: staff with margin rights set them; an agent reads its own. */
export function marginRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: Context<AppEnv>) => c.get('ctx').db;

  r.get('/get-customer-margin-values', requirePermission('margins.manage'), async (c) => c.json({ data: toApiCustomerMargin(await customerMarginRow(db(c))) }));

  r.post('/save-customer-margin-values', requirePermission('margins.manage'), async (c) => {
    const data = await saveCustomerMargins(c.get('ctx'), currentUser(c).id, await body(c, CustomerMarginInput));
    return c.json({ message: 'Margin values saved successfully', data });
  });

  r.get('/get-agent-margin', requireOneOf(withPermission('margins.manage'), anyAgent), async (c) => {
    const agentId = await marginSubject(db(c), currentUser(c), c.req.query('agent_id'));
    return c.json({ data: toApiAgentMargin(agentId, await agentMarginRow(db(c), agentId)) });
  });

  r.post('/save-agent-margin', requirePermission('margins.manage'), async (c) => {
    const data = await saveAgentMargin(c.get('ctx'), currentUser(c).id, await body(c, AgentMarginInput));
    return c.json({ message: 'Margin values saved successfully', data });
  });

  r.get('/get-hotel-margin', requirePermission('margins.manage'), async (c) => c.json({ data: await hotelMarginSetting(db(c)) }));

  r.post('/save-hotel-margin', requirePermission('margins.manage'), async (c) => {
    const data = await saveHotelMargin(c.get('ctx'), currentUser(c).id, await body(c, HotelMarginInput));
    return c.json({ message: 'Hotel margin saved.', data });
  });

  return r;
}

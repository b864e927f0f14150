/**
 * Settings every sale reads: the public's margins, the demo agent's margins, the hotel margin, an exchange rate and
 * the booking settings. Each is read first and written back with the values it had, so prices never move; the
 * rate's change history and each setting's updated_at record the write.
 */
import type { Happy } from './runner';

type Money = { amount: string };

export async function margins(h: Happy, agentId: number) {
  const customer = (await h.read<{ data: { discount_percent: string; margin_percent: string; other_charges: Money } }>('accounts', '/api/get-customer-margin-values')).data;
  await h.write('accounts', 'POST /api/save-customer-margin-values', { discount_percent: customer.discount_percent, margin_percent: customer.margin_percent, other_charges: customer.other_charges.amount });

  const agent = (await h.read<{ data: { markup_per_pax: Money; discount_per_pax: Money } }>('accounts', `/api/get-agent-margin?agent_id=${agentId}`)).data;
  await h.write('accounts', 'POST /api/save-agent-margin', { agent_id: agentId, markup_per_pax: agent.markup_per_pax.amount, discount_per_pax: agent.discount_per_pax.amount });

  const hotel = (await h.read<{ data: { type: string; percent: number } }>('accounts', '/api/get-hotel-margin')).data;
  await h.write('accounts', 'POST /api/save-hotel-margin', { type: hotel.type, percent: hotel.percent });

  // A server with no rate at all gets one for XTS, the code ISO 4217 keeps for tests: nothing is priced in it, and
  // as the API removes no rate, it stays listed.
  const [rate = { currency: 'XTS', rate: '1.00' }] = (await h.read<{ data: { currency: string; rate: string }[] }>('accounts', '/api/exchange-rates')).data;
  await h.write('accounts', 'PUT /api/exchange-rates/{currency}', { rate: rate.rate }, { currency: rate.currency });
}

export async function bookingSettings(h: Happy) {
  type Settings = { mode: string; void_charge: Money; refund_charge: Money; reissue_charge: Money; time_zone: string; hold_minutes: number };
  const s = (await h.read<{ data: Settings }>('admin', '/api/get-booking-status-settings')).data;
  const same = { mode: s.mode, void_charge: s.void_charge.amount, refund_charge: s.refund_charge.amount, reissue_charge: s.reissue_charge.amount, time_zone: s.time_zone, hold_minutes: s.hold_minutes };
  await h.write('admin', 'POST /api/update-booking-status-settings', same);
  await h.write('admin', 'PUT /api/booking-status-settings', same);
}

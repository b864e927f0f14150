/**
 * One valid request per write route, for the fuzz test to spoil a field at a time: a refusal then says the
 * spoiled field was caught, not that some other field was missing. Bodies are functions so that unique fields
 * (emails, codes, offers) are fresh on every call.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import type { setupApi, TestClient } from './api';
import { identities, newBank, newDeposit, today } from './agents';
import { uploadImage } from './catalogue';
import { contact, directBody, travellerBody, withFakeFlights } from './fixtures';

type Api = Awaited<ReturnType<typeof setupApi>>;
export type Caller = 'admin' | 'agent' | 'anonymous';
export interface Base { who: Caller; path?: Record<string, string>; body: () => Record<string, unknown> }

let n = 0;
const uid = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
/** Short codes for resources whose code is unique; letters only, from the end of the alphabet (few real ones). */
const code = (len: number) => {
  let k = n++;
  let s = '';
  for (let i = 0; i < len; i++, k = Math.floor(k / 26)) s = String.fromCharCode(90 - (k % 26)) + s;
  return s;
};
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

export async function prepareBases(api: Api): Promise<Record<string, Base>> {
  const as = identities(api);
  const admin = await as('admin');
  const agent = await as('agent');
  const agentId = (await agent.get('/api/user')).body.data.id as number;
  const [customer] = await api.db.select().from(users).where(eq(users.email, 'customer@demo.safar'));
  const image = await uploadImage(api);
  const offer = withFakeFlights(api);
  const bank = await newBank(admin);
  const created = async (c: TestClient, path: string, body: unknown) => {
    const res = await c.post(path, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return String(res.body.data.id);
  };
  const visa = () => ({ country_code: 'AE', title: 'Fuzz Visa', visa_type: 'tourist', flag_image: image, price: '32500.00', processing_days: 4, entry: 'single', description: '<p>x</p>', is_published: true });
  const traveller = await created(agent, '/api/save-travellers', travellerBody());
  const deposit = String((await newDeposit(agent, bank.id)).id);
  const tx = await created(admin, '/api/transactions', { agent_id: agentId, direction: 'credit', amount: '10.00', description: 'fuzz float' });
  const password = 'Fuzz-pass-123';
  const staffEmail = `fuzz-staff-${uid()}@test.safar`;
  const staffId = Number(await created(admin, '/api/add-staff', { name: 'Fuzz Staff', email: staffEmail, password, role: 'reservation' }));

  return {
    'POST /api/visas': { who: 'admin', body: visa },
    'PUT /api/visas/:id': { who: 'admin', path: { id: await created(admin, '/api/visas', visa()) }, body: visa },
    'POST /api/holidays': { who: 'admin', body: () => ({ title: 'Fuzz Holiday', destination: 'Dubai', country_code: 'AE', image, nights: 4, days: 5, price: '189000', start_date: inDays(100), end_date: inDays(160), description: '<p>x</p>' }) },
    'POST /api/umrah-packages': { who: 'admin', body: () => ({ title: 'Fuzz Umrah', days: 15, makkah_hotel: 'Al Kiswah', makkah_nights: 8, madinah_hotel: 'Dar Al Eiman', madinah_nights: 6, hotel_stars: 3, departure_city: 'Karachi', departure_date: inDays(100), price_quad: '265000' }) },
    'POST /api/group-tickets': { who: 'admin', body: () => ({ airline_code: 'PK', flight_number: 'PK 741', origin: 'KHI', destination: 'JED', departure_date: inDays(14), departure_time: '04:30', arrival_time: '07:15', seats_total: 40, price: '185000', refundable: false, baggage: '2 × 23 kg' }) },
    'POST /api/insurance-plans': { who: 'admin', body: () => ({ name: 'Fuzz Cover', coverage: '30000', daily_rate: '120', regions: ['asia'], max_days: 90, max_age: 75, benefits: ['Medical'], description: '<p>x</p>' }) },
    'POST /api/aircrafts': { who: 'admin', body: () => ({ code: code(4), name: 'Fuzz Jet', manufacturer: 'Boeing', seats: 396, range_km: 13650 }) },
    'POST /api/suppliers': { who: 'admin', body: () => ({ code: `fuzz-${uid()}`, name: 'Fuzz Desk', kind: 'visa', contact_email: 'desk@fuzz.example', phone: '+971 4 123 4567' }) },
    'POST /api/airlines': { who: 'admin', body: () => ({ code: code(2), name: 'Fuzz Air', country: 'PK', margin_type: 'markup', margin_mode: 'fixed', margin_value: '10' }) },
    'POST /api/airports': { who: 'admin', body: () => ({ code: code(3), name: 'Fuzz Field', city: 'Skardu', country: 'PK', lat: 35.33, lon: 75.54, tz: 'Asia/Karachi', size: 'small' }) },
    'POST /api/save-promo-image': { who: 'admin', body: () => ({ file_name: image, title: 'Fuzz banner', link: '/visa' }) },
    'POST /api/visa-header-images': { who: 'admin', body: () => ({ images: [image] }) },
    'POST /api/banks': { who: 'admin', body: () => ({ name: `Fuzz Bank ${uid()}`, account_title: 'Safar Travel', account_number: '0101-0103456789' }) },
    'POST /api/transactions': { who: 'admin', body: () => ({ agent_id: agentId, direction: 'credit', amount: '10.00', description: 'fuzz credit' }) },
    'PUT /api/transactions/:id': { who: 'admin', path: { id: tx }, body: () => ({ description: 'fuzz wording' }) },
    'PUT /api/agents/:id/credit': { who: 'admin', path: { id: String(agentId) }, body: () => ({ limit: '0' }) },
    'POST /api/save-agent-charges': { who: 'admin', body: () => ({ agent_id: agentId, type: 'refund', amount: '1.00', description: 'fuzz refund' }) },
    'POST /api/save-agent-margin': { who: 'admin', body: () => ({ agent_id: agentId, markup_per_pax: '0', discount_per_pax: '0' }) },
    'POST /api/save-customer-margin-values': { who: 'admin', body: () => ({ discount_percent: '0', margin_percent: '0', other_charges: '0' }) },
    'PUT /api/exchange-rates/:currency': { who: 'admin', path: { currency: 'USD' }, body: () => ({ rate: '280.50' }) },
    'POST /api/users': { who: 'admin', body: () => ({ name: 'Fuzz User', email: `fuzz-user-${uid()}@test.safar`, password, role: 'customer' }) },
    'POST /api/save-admin-agent': { who: 'admin', body: () => ({ name: 'Fuzz Agent', email: `fuzz-agent-${uid()}@test.safar`, password, company_name: 'Fuzz Travels', phone: '+92 300 1234567' }) },
    'POST /api/add-staff': { who: 'admin', body: () => ({ name: 'Fuzz Staff', email: `fuzz-staff-${uid()}@test.safar`, password, role: 'reservation' }) },
    'POST /api/update-staff': { who: 'admin', body: () => ({ id: staffId, name: 'Fuzz Staff', email: staffEmail, role: 'reservation', password: '' }) },
    'PUT /api/update-status/:id': { who: 'admin', path: { id: String(customer.id) }, body: () => ({ status: 'active' }) },
    'PUT /api/update-deposit-status/:id': { who: 'admin', path: { id: deposit }, body: () => ({ status: 'rejected', reason: 'fuzz' }) },
    'POST /api/admin-booking': { who: 'admin', body: () => directBody(agentId) },
    'POST /api/update-booking-status-settings': { who: 'admin', body: () => ({ mode: 'online', void_charge: '0', time_zone: 'Asia/Karachi' }) },
    'POST /api/deposit-data': { who: 'agent', body: () => ({ method: 'bank', bank_id: bank.id, amount: '100.00', deposit_date: today(), reference: `FUZZ-${uid()}` }) },
    'POST /api/save-travellers': { who: 'agent', body: () => travellerBody() },
    'PUT /api/update-travellers/:id': { who: 'agent', path: { id: traveller }, body: () => travellerBody() },
    'POST /api/update-agents-data': { who: 'agent', body: () => ({ company_name: 'Crescent Travels', phone: '+92 300 1234567' }) },
    'POST /api/agent-profile': { who: 'agent', body: () => ({ name: 'Bilal Agent', own_markup: '0' }) },
    'POST /api/bookings': { who: 'agent', body: () => ({ flight_id: offer(), supplier: 'fake', main_contact: contact, travellers: [travellerBody()], payment_method: 'hold' }) },
    'POST /api/send-sooper-quote': { who: 'agent', body: () => ({ offers: [{ flight_id: offer(), supplier: 'fake' }], email: 'client@example.com', markup: '0' }) },
    'POST /api/parse-pnr': { who: 'agent', body: () => ({ text: '1.KHAN/AHMED MR' }) },
    'POST /api/leads': { who: 'anonymous', body: () => ({ source: 'contact', name: 'Fuzz Visitor', email: 'visitor@example.com', message: 'Hello' }) },
    'POST /api/register': { who: 'anonymous', body: () => ({ name: 'Fuzz Customer', email: `fuzz-reg-${uid()}@test.safar`, password, password_confirmation: password }) },
    'POST /api/agents': { who: 'anonymous', body: () => ({ name: 'Fuzz Agent', email: `fuzz-reg-agent-${uid()}@test.safar`, password, password_confirmation: password, company_name: 'Fuzz Travels', phone: '+92 300 1234567' }) },
    'POST /api/insurance-quote': { who: 'anonymous', body: () => ({ days: 5, region: 'asia', ages: [30] }) },
  };
}

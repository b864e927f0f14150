import type { TestClient } from './api';

/** A published plan covering Asia and the Middle East, up to 30 days and 70 years old, made by the admin. */
export async function newPlan(admin: TestClient, over: Record<string, unknown> = {}) {
  const res = await admin.post('/api/insurance-plans', {
    name: 'Asia Traveller', name_ar: 'المسافر إلى آسيا', coverage: '50000', coverage_currency: 'USD', daily_rate: '100', min_premium: '1000',
    regions: ['asia', 'middle-east'], max_days: 30, max_age: 70, benefits: ['Medical'], description: '<p>Cover</p>', ...over,
  });
  if (res.status !== 201) throw new Error(`plan: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number };
}

export const dayFrom = (from: Date, n: number) => new Date(from.getTime() + n * 86_400_000).toISOString().slice(0, 10);

export const traveller = (over: Record<string, unknown> = {}) => ({
  title: 'MR', first_name: 'Imran', last_name: 'Khan', date_of_birth: '1990-05-01', passport_number: 'AB1234567', nationality: 'PK', ...over,
});

/** A purchase starting in ten days for a week: 7 days of cover. */
export function policyBody(planId: number, now: Date, over: Record<string, unknown> = {}) {
  return {
    plan_id: planId, region: 'asia', start_date: dayFrom(now, 10), end_date: dayFrom(now, 16),
    travellers: [traveller()], contact: { email: 'insured.guest@example.com', phone: '+92 300 1234567' }, payment_method: 'card', ...over,
  };
}

/** Submits the sandbox's hosted page: the declining test card, the success card, or its cancel button. */
export const sandbox = (client: TestClient, url: string, how: 'decline' | 'pay' | 'cancel') => client.request('POST', new URL(url).pathname, new URLSearchParams({
  card: how === 'pay' ? '4242 4242 4242 4242' : '4000 0000 0000 0002', action: how === 'cancel' ? 'cancel' : 'pay', lang: 'en',
}).toString(), { 'content-type': 'application/x-www-form-urlencoded' });
export const trackerOf = (url: string) => new URL(url).pathname.split('/').pop()!;

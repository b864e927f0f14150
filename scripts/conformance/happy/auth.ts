/**
 * Accounts: a customer registers, asks for its verification link again and verifies, signs out, resets its password
 * from the mailed link and signs in with the new one; an agency registers, staff approve it and it reads its
 * notifications. Staff then delete both accounts: the API deletes softly, so each stays on record as deleted.
 *
 * The mailed link and token are read from the development outbox (GET /api/dev/outbox), which a server answers
 * only on its own machine and never in production: elsewhere those two steps are reported as skipped.
 */
import type { Caller } from '../callers';
import type { Actor, Happy } from './runner';

const OUTBOX_ONLY = 'its token comes by mail; the development outbox that shows it answers only on the server\'s own machine';

/** The newest mail to `to` in the development outbox whose text matches `pattern`, or null without an outbox. */
async function mailed(h: Happy, to: string, pattern: RegExp): Promise<RegExpExecArray | null> {
  const res = await h.fresh().call('GET', '/api/dev/outbox');
  const mails = (res.body as { data?: { to: string; text: string }[] } | null)?.data;
  if (res.status !== 200 || !Array.isArray(mails)) return null;
  for (const m of mails) {
    const found = m.to === to ? pattern.exec(m.text) : null;
    if (found) return found;
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** A caller with the XSRF cookie, as a browser's first page has it. */
async function browser(h: Happy): Promise<Caller> {
  const c = h.fresh();
  await c.call('GET', '/sanctum/csrf-cookie');
  return c;
}

export async function customerAccount(h: Happy) {
  const email = h.email('customer');
  const password = `Conformance-${h.run}-1`;
  const me: Actor = { caller: await browser(h), name: 'a new customer' };
  const { user } = await h.data<{ user: { id: number } }>(me, 'POST /api/register', { name: h.name('Customer'), email, password, password_confirmation: password });
  try {
    await h.write(me, 'POST /api/email/verification-notification');
    const link = await mailed(h, email, /verify-email\?id=(\d+)&expires=(\d+)&signature=([0-9a-f]+)/);
    if (link) await h.write(me, 'POST /api/email/verify', { id: link[1], expires: link[2], signature: link[3] });
    else h.skip('POST /api/email/verify', OUTBOX_ONLY);
    await h.write(me, 'POST /api/logout');

    await h.write(me, 'POST /api/forgot-password', { email });
    const reset = await mailed(h, email, /password-reset\/([A-Za-z0-9_-]+)\?email=/);
    const renewed = `Conformance-${h.run}-2`;
    if (reset) await h.write(me, 'POST /api/reset-password', { token: reset[1], email, password: renewed, password_confirmation: renewed });
    else h.skip('POST /api/reset-password', OUTBOX_ONLY);
    await h.write(me, 'POST /api/login', { email, password: reset ? renewed : password });
  } finally {
    await h.write('admin', 'DELETE /api/users/{id}', undefined, { id: user.id });
  }
}

export async function agencyAccount(h: Happy) {
  const password = `Conformance-${h.run}-1`;
  const me: Actor = { caller: await browser(h), name: 'a new agency' };
  const { user } = await h.data<{ user: { id: number } }>(me, 'POST /api/agents', {
    name: h.name('Agent'), email: h.email('agency'), password, password_confirmation: password, company_name: h.name('Agency'), phone: '+92 21 3456 7000',
  });
  try {
    await h.write('admin', 'PUT /api/update-status/{id}', { is_approved: '1' }, { id: user.id });
    // Approval notifies the agency: a notification of its own to read.
    const [notice] = (await h.read<{ data: { id: number }[] }>(me, '/api/notifications')).data;
    if (!notice) throw new Error('an approved agency has no notification to read');
    await h.write(me, 'POST /api/notifications/{id}/read', undefined, { id: notice.id });
    await h.write(me, 'POST /api/notifications/read-all');
    await h.write(me, 'POST /api/agent-profile', { name: h.name('Agent renamed'), phone: '+92 21 3456 7001', own_markup: '0' });
    await h.write(me, 'POST /api/update-agents-data', { company_name: h.name('Agency renamed'), phone: '+92 21 3456 7001', city: 'Karachi', country: 'PK' });
  } finally {
    await h.write('admin', 'DELETE /api/users', undefined, { id: user.id });
  }
}

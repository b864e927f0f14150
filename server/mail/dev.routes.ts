import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { mailAttachment, recentMails } from './outbox';
import { isLocalCaller } from '../http/ip';
import { afterStartDone } from '../startup';
import { notFound } from '../http/errors';
import { produceAttachment } from '../documents/registry';
import { jobs } from '../jobs';

/**
 * The outbox holds password-reset and verification links: only someone on this machine may read it, even in
 * development (a demo started on a laptop in a café is reachable by the café).
 */
const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isLocalCaller(c)) return c.json({ message: 'The mail viewer answers on this machine only.' }, 404);
  await next();
};

/** Development mail viewer: what the outbox holds, newest first. Never mounted in production. */
const mails = (c: { get: (k: 'ctx') => import('../context').AppContext }) => recentMails(c.get('ctx').db);

export function devRoutes() {
  const r = new Hono<AppEnv>();
  r.use('*', localOnly);
  /**
   * 200 once the work a start does after listening (network, demo bookings) is over, 425 Too Early before (not a
   * 5xx: nothing failed): Playwright and the benches wait on it.
   */
  r.get('/ready', (c) => (afterStartDone() ? c.json({ ready: true }) : c.json({ message: 'Start-up work is still running.', ready: false }, 425)));
  /**
   * Runs one registered job now and answers what it returned: journeys that cannot wait for a job's interval (a
   * daily one above all) start it here. Every job is safe beside its own scheduled run (each may run on several servers).
   */
  r.post('/jobs/:name', async (c) => {
    const job = jobs.find((j) => j.name === c.req.param('name'));
    if (!job) throw notFound('No such job.');
    return c.json({ data: (await job.run(c.get('ctx'))) ?? null });
  });
  r.get('/outbox', async (c) => {
    const rows = await mails(c);
    return c.json({
      data: rows.map((m) => ({ id: m.id, to: m.toAddress, subject: m.subject, kind: m.kind, status: m.status, text: m.textBody, html: m.htmlBody, attachments: m.attachments, created_at: m.createdAt })),
    });
  });
  return r;
}

devRoutes.viewer = () => {
  const r = new Hono<AppEnv>();
  r.use('*', localOnly);
  /** An attachment of a queued mail, rendered now as the sender would. */
  r.get('/mail/:id/attachments/:n', async (c) => {
    const ctx = c.get('ctx');
    const [id, n] = [c.req.param('id'), c.req.param('n')];
    const ref = /^\d{1,9}$/.test(id) && /^\d{1,2}$/.test(n) ? await mailAttachment(ctx.db, Number(id), Number(n)) : null;
    if (!ref) throw notFound('No such attachment.');
    await import('../documents/kinds');
    const file = await produceAttachment(ctx, ref);
    if (!file) throw notFound('No such attachment.');
    return c.body(new Uint8Array(file.content), 200, { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.filename}"` });
  });
  r.get('/mail', async (c) => {
    const rows = await mails(c);
    const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const items = rows
      .map((m) => `<article style="border:1px solid #ddd;border-radius:8px;margin:12px 0;padding:12px"><h2 style="margin:0;font-size:16px">${esc(m.subject)}</h2><p style="color:#555;margin:4px 0">To ${esc(m.toAddress)} · ${m.createdAt.toISOString()} · ${m.status}</p>${m.attachments.map((a, n) => `<a href="/dev/mail/${m.id}/attachments/${n}">${esc(`${a.kind} (${a.lang})`)}</a>`).join(' · ')}<iframe sandbox srcdoc="${esc(m.htmlBody)}" style="width:100%;height:260px;border:0"></iframe><pre style="white-space:pre-wrap">${esc(m.textBody)}</pre></article>`)
      .join('');
    return c.html(`<!doctype html><html><head><meta charset="utf-8"><title>Safar mail (development)</title></head><body style="font-family:system-ui;max-width:900px;margin:auto;padding:16px"><h1>Outbox</h1>${items || '<p>No mail yet.</p>'}</body></html>`);
  });
  return r;
};

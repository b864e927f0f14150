import { Hono } from 'hono';
import * as v from 'valibot';
import { can } from '../../contract/permissions';
import { VAM, VISA_APPLICATION_STATUSES, VisaApplicationInput, VisaStatusInput } from '../../contract/visa-applications';
import type { AppEnv } from '../context';
import { notFound, validationError } from '../http/errors';
import { approvedAgent, currentUser, customer, requireGuestOrOneOf, requireOneOf, withPermission } from '../http/guards';
import { pageField, perPageField } from '../http/paging';
import { body, query } from '../http/validate';
import { isSafeFileName, readUpload } from '../uploads/service';
import { createVisaApplication } from './create';
import { visaApplicationTrail } from './events';
import { openVisaCheckout } from './payment';
import { findVisaApplication, isDocumentOf, listVisaApplications, serializeVisaApplication } from './service';
import { moveVisaApplication } from './status';

const email = v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254)));
export const LookupQuery = v.object({ email });
export const PayBody = v.object({ email });
export const ListQuery = v.object({
  page: pageField, per_page: perPageField(100, 20),
  status: v.optional(v.picklist(VISA_APPLICATION_STATUSES, 'Unknown status.')),
  reference: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20))),
});
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** Who applies: customers and approved agents, signed in (their documents are uploads of their own). */
const applicants = requireOneOf(customer, approvedAgent);

export function visaApplicationRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/visa-applications', applicants, async (c) => {
    const ctx = c.get('ctx');
    const input = await body(c, VisaApplicationInput);
    const key = c.req.header('idempotency-key')?.trim() || null;
    if (key && !IDEMPOTENCY_KEY.test(key)) throw validationError({ idempotency_key: [VAM.idempotencyFormat] });
    const res = await createVisaApplication(ctx, currentUser(c), input, key, async (row) => (await openVisaCheckout(ctx, row)).url);
    return c.json({ message: res.application.status === 'submitted' ? VAM.submitted : VAM.created, data: res.application }, res.created ? 201 : 200);
  });

  /** Staff who read bookings see all; customers and agents their own. */
  app.get('/visa-applications', requireOneOf(customer, approvedAgent, withPermission('bookings.read')), async (c) =>
    c.json(await listVisaApplications(c.get('ctx'), currentUser(c), query(c, ListQuery))));

  /** {id} is the numeric id or the reference; signed out, the reference and ?email= find it. */
  app.get('/visa-applications/:id', requireGuestOrOneOf(customer, approvedAgent, withPermission('bookings.read')), async (c) => {
    const ctx = c.get('ctx');
    const a = await findVisaApplication(c, c.req.param('id'), query(c, LookupQuery).email);
    return c.json({ data: { ...(await serializeVisaApplication(ctx.db, a)), events: await visaApplicationTrail(ctx.db, a.id) } });
  });

  /** A card checkout for an unpaid application (the first failed or was abandoned): for whoever applied. */
  app.post('/visa-applications/:id/checkout', requireGuestOrOneOf(customer, approvedAgent), async (c) => {
    const a = await findVisaApplication(c, c.req.param('id'), (await body(c, PayBody)).email);
    const user = c.get('user');
    if (user && a.userId !== user.id) throw notFound(VAM.notFound);
    return c.json({ data: await openVisaCheckout(c.get('ctx'), a) });
  });

  app.post('/visa-applications/:id/status', requireOneOf(withPermission('bookings.manage')), async (c) => {
    const ctx = c.get('ctx');
    const input = await body(c, VisaStatusInput);
    const a = await findVisaApplication(c, c.req.param('id'), undefined, 'bookings.manage');
    const row = await moveVisaApplication(ctx, currentUser(c), a, input);
    return c.json({ message: VAM.moved, data: { ...(await serializeVisaApplication(ctx.db, row)), events: await visaApplicationTrail(ctx.db, row.id) } });
  });

  /** A document of the application, for its applicant and staff who read bookings; never public. */
  app.get('/visa-applications/:id/documents/:file', requireOneOf(customer, approvedAgent, withPermission('bookings.read')), async (c) => {
    const file = c.req.param('file');
    const a = await findVisaApplication(c, c.req.param('id'), undefined);
    if (!isSafeFileName(file) || !isDocumentOf(a, file)) throw notFound('File not found.');
    const row = await readUpload(c.get('ctx').db, file);
    if (!row) throw notFound('File not found.');
    const ascii = row.originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
    const inline = can(currentUser(c).role, 'bookings.read') || row.mime.startsWith('image/') ? 'inline' : 'attachment';
    return c.body(new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) as unknown as ArrayBuffer, 200, {
      'Content-Type': row.mime, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      'Content-Disposition': `${inline}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.originalName)}`,
    });
  });

  return app;
}

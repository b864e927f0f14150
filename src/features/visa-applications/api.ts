import { fromPromise } from 'xstate';
import type { TFunction } from 'i18next';
import type { ListResponse } from '../../../contract/http';
import type { VisaApplication, VisaApplicationListRow, VisaApplicationStatus } from '../../../contract/visa-applications';
import type { ApplicationRequest, ApplyFailure, UploadedDocument } from '../../../machines/visa-application';
import type { ListQuery } from '../../../machines/resource-list';
import { request } from '../../api/client';
import { at, get, send, type Query } from '../../api/calls';
import { describeError } from '../../api/messages';
import { i18n } from '../../i18n';
import { countryName } from '../../i18n/places';
import type { Trip } from '../trips/trips';
import './strings';

/** Every call the visa application screens make; each takes an abort signal and throws a Failure. */

const BASE = '/visa-applications';

/** A passport scan or photo, checked by content on the server; kept private to the applicant and staff. */
async function uploadDocument(file: File, signal?: AbortSignal): Promise<UploadedDocument> {
  const form = new FormData();
  form.set('file', file);
  form.set('purpose', 'document');
  const res = await request<{ data: { file_name: string; mime: string; original_name: string } }>('/uploads', { method: 'POST', body: form, signal });
  return { file_name: res.data.file_name, name: res.data.original_name, mime: res.data.mime };
}

async function createApplication(r: ApplicationRequest, locale: string, signal?: AbortSignal): Promise<VisaApplication> {
  const { idempotencyKey, ...body } = r;
  return (await request<{ data: VisaApplication }>(BASE, { method: 'POST', signal, headers: { 'Idempotency-Key': idempotencyKey }, body: { ...body, locale } })).data;
}

/** An API failure as the flow branches on it. */
function toApplyFailure(err: unknown): ApplyFailure {
  const e = err as { status?: number; data?: { message?: string } };
  const code = e?.status === 422 && e.data?.message === 'Insufficient Balance' ? 'insufficient_balance' : e?.status === 422 ? 'invalid' : 'other';
  return { ...describeError(err), code };
}

const calling = <I, O>(fn: (input: I, signal: AbortSignal) => Promise<O>) =>
  fromPromise<O, I>(async ({ input, signal }) => {
    try {
      return await fn(input, signal);
    } catch (err) {
      throw toApplyFailure(err);
    }
  });

export const applicationActors = (locale: () => string) => ({
  uploadDocument: calling<{ file: File }, UploadedDocument>(({ file }, s) => uploadDocument(file, s)),
  createApplication: calling<ApplicationRequest, VisaApplication>((r, s) => createApplication(r, locale(), s)),
});

/** One application with its trail: by id or reference; signed out, by reference and contact email. */
export const getApplication = (idOrRef: string, email: string | null, signal?: AbortSignal) =>
  get<{ data: VisaApplication }>(at(BASE, idOrRef), { email: email ?? undefined }, signal).then((r) => r.data);

export const listApplications = (q: Query, signal?: AbortSignal) => get<ListResponse<VisaApplicationListRow>>(BASE, q, signal);
/** The back-office list on the resource-list machine. */
export const listApplicationsPage = (q: ListQuery, signal?: AbortSignal) => listApplications({ page: q.page, per_page: q.per_page, ...q.filters }, signal);

/** A new card checkout for an unpaid application. */
export const payAgain = (idOrRef: string, email: string | null, signal?: AbortSignal) =>
  send<{ data: { url: string; tracker: string } }>('POST', `${at(BASE, idOrRef)}/checkout`, email ? { email } : {}, signal).then((r) => r.data);

export const moveApplication = (id: number | string, status: VisaApplicationStatus, reason: string | null, signal?: AbortSignal) =>
  send<{ message: string; data: VisaApplication }>('POST', `${at(BASE, id)}/status`, { status, reason }, signal);

/** The visa's title in the reader's language, when the catalogue has one. */
export const visaTitle = (v: { title: string; title_ar: string | null }, lng: string) => (lng === 'ar' && v.title_ar) || v.title;

/** My trips: the customer's applications, as trips in the reader's words. */
export async function visaTrips(signal: AbortSignal, t: TFunction): Promise<Trip[]> {
  const rows = (await listApplications({ per_page: 100 }, signal)).data;
  return rows.map((r) => ({
    kind: 'visa', id: r.id, reference: r.reference, status: r.status, travelDate: r.travel_date, startDate: r.travel_date, endDate: null,
    total: r.fee, travellers: r.traveller_count, href: `/visa-application?reference=${encodeURIComponent(r.reference)}`,
    item: {
      icon: 'passport', title: visaTitle(r.visa, i18n.language),
      subtitle: countryName(r.visa.country_code, i18n.language, r.visa.country), statusLabel: t(`visaApplications.status.${r.status}`), detail: t('visaApplications.travellerCount', { count: r.traveller_count }),
    },
  }));
}

/**
 * Pay again: a new hosted checkout, then the browser leaves for it. Leaving is the call's end (nothing on this
 * page follows it), so the record machine's action is this whole step.
 */
export async function payAgainAndLeave(idOrRef: string, email: string | null, signal?: AbortSignal): Promise<{ message?: string }> {
  const { url } = await payAgain(idOrRef, email, signal);
  window.location.assign(url);
  return {};
}

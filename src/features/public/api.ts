import type { GroupTicket, HeaderImage, Holiday, InsurancePlan, LeadSource, PlanQuote, PromoImage, UmrahPackage, Visa } from '../../../contract/catalogue';
import type { ItemResponse, ListResponse, SaveResponse } from '../../../contract/http';
import { request } from '../../api/client';
import { arrivedLoad, takeLoad } from '../../api/early';
import { describeError } from '../../api/messages';

/**
 * The public site's calls: catalogue lists and items, header and promo images, insurance quotes and
 * enquiries. Each takes an abort signal and throws a Failure (first message per field, the toast), so they
 * serve as machine actors as they are. GETs the route table started beside the screen's chunk
 * (src/app/routes.ts `data`) are taken from there first: the query must match the route table's.
 */

type Query = Record<string, string | number | undefined>;
const fail = (err: unknown): never => { throw describeError(err); };

async function get<T>(path: string, query: Query | undefined, signal?: AbortSignal): Promise<T> {
  const early = await takeLoad<T>(path, query);
  if (early) return early;
  return request<T>(path, { query: query && Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')), signal }).catch(fail);
}
const item = <T>(path: string, id: string, signal?: AbortSignal) => get<ItemResponse<T>>(`${path}/${encodeURIComponent(id)}`, undefined, signal).then((r) => r.data);

/** Everything a public list page shows (the route table preloads this query). */
export const PAGE = { per_page: 100 } as const;
/** The home page shows four of each featured catalogue. */
export const FEATURED = { featured: 1, per_page: 4 } as const;

export const listVisas = (query: { q?: string; featured?: number; per_page: number }, signal?: AbortSignal) => get<ListResponse<Visa>>('/visas', query, signal);
/** The visa list the page's shell already asked for, if its answer is here (null otherwise). */
export const arrivedVisas = (query: { q?: string; per_page: number }) => arrivedLoad<ListResponse<Visa>>('/visas', query);
export const getVisa = (id: string, signal?: AbortSignal) => item<Visa>('/visas', id, signal);

export const listHolidays = (query: { featured?: number; per_page: number }, signal?: AbortSignal) => get<ListResponse<Holiday>>('/holidays', query, signal);
export const getHoliday = (id: string, signal?: AbortSignal) => item<Holiday>('/holidays', id, signal);

export const listUmrah = (query: { featured?: number; per_page: number }, signal?: AbortSignal) => get<ListResponse<UmrahPackage>>('/umrah-packages', query, signal);
export const getUmrah = (id: string, signal?: AbortSignal) => item<UmrahPackage>('/umrah-packages', id, signal);

export const listGroupTickets = (signal?: AbortSignal, query: { featured?: number; per_page: number } = PAGE) => get<ListResponse<GroupTicket>>('/group-tickets', query, signal);

export const listInsurancePlans = (signal?: AbortSignal) => get<ListResponse<InsurancePlan>>('/insurance-plans', { per_page: 50 }, signal);

/** The form's text as typed (the server reads `ages` as "30, 4"). */
export interface QuoteForm { days: string; region: string; ages: string }
export const quoteInsurance = (form: QuoteForm, signal?: AbortSignal) =>
  request<{ data: PlanQuote[] }>('/insurance-quote', { query: { ...form }, signal }).then((r) => r.data, fail);

/** Header images of a catalogue's pages (they rotate in the hero). */
export const listHeaderImages = (catalogue: 'visa' | 'holiday' | 'umrah', signal?: AbortSignal) =>
  get<{ data: HeaderImage[] }>(`/${catalogue}-header-images`, undefined, signal).then((r) => r.data);

/** The home page's promo banners. */
export const listHomePromos = (signal?: AbortSignal) => get<{ data: PromoImage[] }>('/get-promo-images', { home: 1 }, signal).then((r) => r.data);

/** The enquiry form's fields as typed; `website` is the field people never see (bots fill it). */
export interface EnquiryFields { name: string; email: string; phone: string; travellers: string; travel_date: string; message: string; website: string }
export type EnquiryBody = EnquiryFields & { source: LeadSource; item_id: number | null };
export const sendEnquiry = (body: EnquiryBody, signal?: AbortSignal) =>
  request<SaveResponse<{ id: number } | null>>('/leads', { method: 'POST', body, signal }).catch(fail);

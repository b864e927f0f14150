import { request } from '../../api/client';

/** Airport look-up for the search form's fields; apart from the flow's calls so the home page loads only this. */
export interface AirportOption { code: string; name: string; city: string; country: string }

export async function searchAirports(q: string, signal?: AbortSignal): Promise<AirportOption[]> {
  const res = await request<unknown>('/airports', { query: { q, limit: 8 }, signal });
  const list = (Array.isArray(res) ? res : (res as { data?: unknown[] })?.data ?? []) as Record<string, string>[];
  return list.map((a) => ({ code: a.code ?? a.iata ?? a.iata_code, name: a.name, city: a.city ?? a.municipality ?? '', country: a.country ?? a.country_code ?? '' }))
    .filter((a) => /^[A-Z]{3}$/.test(a.code ?? ''));
}

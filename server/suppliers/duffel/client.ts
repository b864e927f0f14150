/**
 * The official Duffel client (@duffel/api), loaded the first time a configured Duffel supplier is asked for
 * something (a server without DUFFEL_ACCESS_TOKEN never loads it), pointed at DUFFEL_API_URL when set.
 */
import type { Duffel as DuffelClient } from '@duffel/api';

export interface DuffelConfig {
  token: string;
  /** The API's base address (Duffel's own unless DUFFEL_API_URL says otherwise: a simulator, a staging proxy). */
  apiUrl?: string;
  webhookSecret?: string;
  /** How long a search waits for Duffel before answering without its offers. */
  searchBudgetMs: number;
}

export type { DuffelClient };

export function duffelClientLoader(config: DuffelConfig): () => Promise<DuffelClient> {
  let client: Promise<DuffelClient> | null = null;
  return () => (client ??= import('@duffel/api').then(({ Duffel }) => new Duffel({ token: config.token, basePath: config.apiUrl, apiVersion: 'v2', source: 'safar' })));
}

/** What Duffel answered when it refused (its errors[] and the HTTP status), read off the client's error. */
export interface DuffelRefusal { status: number; codes: string[]; message: string }

export function duffelRefusal(err: unknown): DuffelRefusal | null {
  const e = err as { meta?: { status?: number }; errors?: { code?: string; message?: string; title?: string }[] } | null;
  if (!e || !Array.isArray(e.errors)) return null;
  return { status: e.meta?.status ?? 0, codes: e.errors.map((x) => x.code ?? ''), message: e.errors.map((x) => x.message ?? x.title ?? '').filter(Boolean).join(' ') };
}

/** Offers Duffel no longer sells: gone, expired or sold out. */
export const isGone = (r: DuffelRefusal | null) => !!r && (r.status === 404 || r.codes.some((c) => /offer_no_longer_available|offer_expired|not_found|unavailable/.test(c)));

import type { Money } from './money';

/** The products whose sales the dashboards add up, in the order they are shown. */
export const PRODUCTS = ['flights', 'hotels', 'insurance', 'visas', 'packages'] as const;
export type Product = (typeof PRODUCTS)[number];

/**
 * One product's sales over a day and a month. `margin` is null where the product keeps no margin record (hotels,
 * insurance, visas, packages price it into the total): the screens show a dash rather than a guess. For flights it
 * is the margin staff added to direct and imported bookings; an online fare keeps none apart from its total.
 */
export interface ProductSales {
  product: Product;
  today: { count: number; sales: Money; margin: Money | null };
  month: { count: number; sales: Money; margin: Money | null };
}

/** One day of the 30-day chart (the back office's calendar day), sales per product. */
export interface SalesDay { day: string; sales: Record<Product, Money> }

export interface SalesSummary { today: string; by_product: ProductSales[]; daily: SalesDay[] }

/** Something waiting for staff: how many, and the oldest (or soonest due) instant. */
export interface Queue { count: number; oldest: string | null }

/**
 * GET /back-office-dashboard: only the sections the caller's permissions allow are present (see the service's
 * SECTION_RULES); an absent key means "not yours", not "none".
 */
export interface BackOfficeDashboard {
  now: string;
  topups?: Queue & { total: Money };
  pending_agents?: Queue;
  /** Void requests whose window closes tonight (`due_tonight`) or already closed; `soonest` is the first deadline. */
  voids?: { count: number; due_tonight: number; soonest: string | null };
  holds?: { count: number; soonest: string | null };
  sales?: SalesSummary;
  top_agents?: { id: number; name: string; company_name: string | null; agent_code: string | null; count: number; sales: Money }[];
}

/** The agent's own figures added to its dashboard: sales, its own markup, holds about to lapse, the 30-day chart. */
export interface AgentSalesFigures {
  sales_today: Money;
  sales_month: Money;
  markup_today: Money;
  markup_month: Money;
  holds: { count: number; soonest: string | null };
  daily: SalesDay[];
}

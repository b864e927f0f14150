import type { Money } from './money';
import { can, type Permission } from './permissions';
import type { Role } from './auth';

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
  /** Void and refund requests waiting for staff: `count` is both, `refunds` the refund requests among them. */
  voids?: { count: number; due_tonight: number; soonest: string | null; refunds: number };
  holds?: { count: number; soonest: string | null };
  sales?: SalesSummary;
  top_agents?: { id: number; name: string; company_name: string | null; agent_code: string | null; count: number; sales: Money }[];
}

/** The agent's own figures added to its dashboard: sales, its own markup, holds about to lapse, the 30-day chart. */
export interface AgentSalesFigures {
  /** The server's clock, for "in 12 minutes". */
  now: string;
  sales_today: Money;
  sales_month: Money;
  markup_today: Money;
  markup_month: Money;
  holds: { count: number; soonest: string | null };
  daily: SalesDay[];
}

/**
 * Which sections of the back-office dashboard a staff role gets (any one permission of a section's list admits); the
 * server computes only these and the screen lays out only these:
 * - top-ups: who decides or reads deposits (admin, accounts, analyst; reservation handles no money);
 * - agents awaiting approval: who manages or reads users (admin, analyst; accounts approves no agents);
 * - the void queue and expiring holds: who decides bookings (admin, reservation). Accounts and analyst may read the
 *   lists but act on neither, so their home does not nag them with a deadline;
 * - sales, margins, the chart and top agents: who reads the books (ledger.manage / ledger.read: admin, accounts,
 *   analyst). Reservation sees no money figures.
 */
export const SECTION_RULES = {
  topups: ['deposits.manage', 'deposits.read'],
  pending_agents: ['users.manage', 'users.read'],
  voids: ['bookings.manage'],
  holds: ['bookings.manage'],
  sales: ['ledger.manage', 'ledger.read'],
} as const satisfies Record<string, readonly Permission[]>;
export type Section = keyof typeof SECTION_RULES;

/** Every permission that opens at least one section: who may call the endpoint at all (every staff role). */
export const DASHBOARD_PERMISSIONS = [...new Set(Object.values(SECTION_RULES).flat())] as Permission[];

/** Whether a role gets a section of the back-office dashboard. */
export const hasSection = (role: Role | null | undefined, s: Section) => SECTION_RULES[s].some((p) => can(role, p));

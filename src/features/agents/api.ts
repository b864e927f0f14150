import type { AgentProfile } from '../../../contract/agents';
import type { Bank, Deposit } from '../../../contract/deposits';
import type { Charge, LedgerSubject, LedgerType, Statement } from '../../../contract/ledger';
import type { Traveller } from '../../../contract/travellers';
import type { RecentHotelRow } from '../hotels/RecentBookings';
import type { ItemResponse, ListResponse, SaveResponse } from '../../../contract/http';
import type { Money } from '../../../contract/money';
import type { AgentSalesFigures } from '../../../contract/dashboard';
import { at, get, send } from '../../api/calls';

/**
 * The agent area's calls: travellers, deposits, charges, statement, dashboard, profile and settings,
 * and staff's deposit review. Each takes an abort signal and throws a Failure (first message per field, the
 * toast), so each serves as a machine actor. Paths and verbs are the specification's, spelling included.
 */


/** A list screen's query as the list machine keeps it. */
export interface PageQuery { page: number; per_page: number; q: string; filters: Record<string, string> }

// ---- travellers ------------------------------------------------------------------------------------------
export const listTravellers = (query: PageQuery, signal?: AbortSignal) =>
  get<ListResponse<Traveller>>('/get-travellers', { page: query.page, per_page: query.per_page, search: query.q }, signal);
export const getTraveller = (id: number | string, signal?: AbortSignal) => get<ItemResponse<Traveller>>(at('/get-travellers', id), {}, signal).then((r) => r.data);
export const saveTraveller = (id: number | string | null, body: unknown, signal?: AbortSignal) =>
  (id == null ? send<SaveResponse<Traveller>>('POST', '/save-travellers', body, signal) : send<SaveResponse<Traveller>>('PUT', at('/update-travellers', id), body, signal));
export const deleteTraveller = (id: number | string, signal?: AbortSignal) => send<SaveResponse<{ id: number }>>('DELETE', at('/delete-travellers', id), undefined, signal);

// ---- deposits --------------------------------------------------------------------------------------------
export interface DepositTotals { total: Money; count: number; pending_total: Money; pending_count: number }
export const listOwnDeposits = (query: PageQuery, signal?: AbortSignal) =>
  get<ListResponse<Deposit>>('/get-deposit-data', { page: query.page, per_page: query.per_page, ...query.filters }, signal);
export const getDepositTotals = (signal?: AbortSignal) => get<ItemResponse<DepositTotals>>('/approved-deposits-total', {}, signal).then((r) => r.data);
export const deleteDeposit = (id: number | string, signal?: AbortSignal) => send<{ message: string }>('DELETE', at('/delete-deposit-data', id), undefined, signal);
export const recordDeposit = (body: unknown, signal?: AbortSignal) => send<SaveResponse<Deposit>>('POST', '/deposit-data', body, signal);
/** Banks an agent may pay into (the deposit form's choices). */
export const listBanks = (signal?: AbortSignal) => get<ListResponse<Bank>>('/banks', { per_page: 100 }, signal).then((r) => r.data);
export const getDeposit = (id: number | string, signal?: AbortSignal) => get<ItemResponse<Deposit>>(at('/deposit-details', id), {}, signal).then((r) => r.data);
export const decideDeposit = (id: number | string, body: { status: 'approved' | 'rejected'; reason?: string }, signal?: AbortSignal) =>
  send<SaveResponse<Deposit>>('PUT', at('/update-deposit-status', id), body, signal);

// ---- charges, statement, dashboard -----------------------------------------------------------------------
export const listCharges = (query: PageQuery, signal?: AbortSignal) =>
  get<ListResponse<Charge>>('/show-all-charges', { page: query.page, per_page: query.per_page, ...query.filters }, signal);
export const getStatement = (query: { from?: string; to?: string; agent_id?: string | null }, signal?: AbortSignal) =>
  get<ItemResponse<Statement>>('/agent-statment', { from: query.from, to: query.to, agent_id: query.agent_id ?? undefined }, signal).then((r) => r.data);

/** The agent's home: its wallet and recent work, and its own sales figures (contract/dashboard). */
export interface AgentDashboardData extends AgentSalesFigures {
  balance: Money;
  /** The credit line: the balance may be below zero down to −credit_limit; available is balance + credit_limit. */
  credit_limit: Money;
  available: Money;
  pending_deposits: { count: number; total: Money };
  recent_activity: { id: number; date: string; type: LedgerType; description: string; subject: LedgerSubject | null; amount: Money; balance: Money }[];
  spend_by_month: { month: string; spend: Money }[];
  recent_bookings: { id: number; pnr: string; origin: string; destination: string; multi_city_route?: string[] | null; departure_date: string; status: string; total: Money }[];
  recent_hotel_bookings: RecentHotelRow[];
}
export const getAgentDashboard = (signal?: AbortSignal) => get<ItemResponse<AgentDashboardData>>('/agent-dashboard', {}, signal).then((r) => r.data);

// ---- profile and settings --------------------------------------------------------------------------------
/** The signed-in agent's profile, or (staff) agent `id`'s. */
export const getAgentProfile = (id: number | string | null, signal?: AbortSignal) =>
  get<ItemResponse<AgentProfile>>(id == null ? '/agentsData' : at('/agentsData', id), {}, signal).then((r) => r.data);
export const saveAgentProfile = (body: unknown, signal?: AbortSignal) => send<SaveResponse<AgentProfile>>('POST', '/update-agents-data', body, signal);
export const saveAgentSettings = (body: unknown, signal?: AbortSignal) => send<SaveResponse<unknown>>('POST', '/agent-profile', body, signal);

// ---- staff's agent pickers -------------------------------------------------------------------------------
/** `agency_id`: the agency a branch user books for; null for an agency itself. */
export interface AgentOption { id: number; name: string; company_name: string | null; agent_code: string | null; agency_id: number | null }
/** Active agents by company, for staff filters and forms. */
export const listAgentOptions = (signal?: AbortSignal) => get<ItemResponse<AgentOption[]>>('/agent-options', {}, signal).then((r) => r.data);

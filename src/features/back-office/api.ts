import type { AgentMargin, CustomerMargin } from '../../../contract/margins';
import type { AgentProfile } from '../../../contract/agents';
import type { Bank, Deposit } from '../../../contract/deposits';
import type { LedgerTransaction } from '../../../contract/ledger';
import type { ItemResponse, ListResponse, SaveResponse } from '../../../contract/http';
import type { Money } from '../../../contract/money';
import type { BackOfficeUser, UsersSummary } from '../../../contract/users';
import type { User } from '../../../contract/auth';
import type { ExchangeRate, ExchangeRateChange } from '../../../contract/exchange-rates';
import { at, fail, get, send, type Query } from '../../api/calls';
import { request } from '../../api/client';
import type { ListQuery } from '../../../machines/resource-list';

/**
 * The back office's calls for users, staff, top-ups, banks, charges and margins. Each takes an abort signal and
 * throws a Failure (the toast and the first message per field), so each serves as a machine actor.
 */

const paged = (q: ListQuery, extra: Query = {}) => ({ page: q.page, per_page: q.per_page, search: q.q, ...q.filters, ...extra });

// ---- users and staff ---------------------------------------------------------------------------------------
export type UserDetails = BackOfficeUser & { profile?: AgentProfile; balance?: Money; margin?: AgentMargin };
export const listUsers = (q: ListQuery, signal?: AbortSignal) => get<ListResponse<BackOfficeUser>>('/users', paged(q), signal);
export const getUsersSummary = (signal?: AbortSignal) => get<ItemResponse<UsersSummary>>('/users-summary', {}, signal).then((r) => r.data);
export const getUser = (id: number | string, signal?: AbortSignal) => get<ItemResponse<UserDetails>>(at('/users', id), {}, signal).then((r) => r.data);
/** Approve or reject an agent, suspend, reactivate or delete a user: one call. */
export const updateUserStatus = (id: number | string, body: { status?: string; is_approved?: string; reason?: string }, signal?: AbortSignal) =>
  send<SaveResponse<BackOfficeUser>>('PUT', at('/update-status', id), body, signal);
export const createUser = (body: unknown, signal?: AbortSignal) => send<SaveResponse<User>>('POST', '/users', body, signal);
export const saveStaff = (id: number | string | null, body: unknown, signal?: AbortSignal) =>
  (id == null ? send<SaveResponse<User>>('POST', '/add-staff', body, signal) : send<SaveResponse<User>>('POST', '/update-staff', { ...(body as object), id: Number(id) }, signal));
export const saveAgentMargin = (body: unknown, signal?: AbortSignal) => send<SaveResponse<AgentMargin>>('POST', '/save-agent-margin', body, signal);
export const getAgentMargin = (agentId: number, signal?: AbortSignal) => get<ItemResponse<AgentMargin>>('/get-agent-margin', { agent_id: agentId }, signal).then((r) => r.data);

// ---- top-ups, banks, charges, margins --------------------------------------------------------------------
export const listAgentDeposits = (q: ListQuery, signal?: AbortSignal) => get<ListResponse<Deposit>>('/get-agents-deposits', paged(q), signal);
export const listAllBanks = (q: ListQuery, signal?: AbortSignal) => get<ListResponse<Bank>>('/banks', { page: q.page, per_page: q.per_page }, signal);
export const getBank = (id: number | string, signal?: AbortSignal) => get<ItemResponse<Bank>>(at('/banks', id), {}, signal).then((r) => r.data);
export const saveBank = (id: number | string | null, body: unknown, signal?: AbortSignal) =>
  (id == null ? send<SaveResponse<Bank>>('POST', '/banks', body, signal) : send<SaveResponse<Bank>>('PUT', at('/banks', id), body, signal));
export const deleteBank = (id: number | string, signal?: AbortSignal) => send<{ message: string }>('DELETE', at('/banks', id), undefined, signal);
export const saveCharge = (body: unknown, signal?: AbortSignal) => send<SaveResponse<{ id: number }>>('POST', '/save-agent-charges', body, signal);
export const getCustomerMargins = (signal?: AbortSignal) => get<ItemResponse<CustomerMargin>>('/get-customer-margin-values', {}, signal).then((r) => r.data);
export const saveCustomerMargins = (body: unknown, signal?: AbortSignal) => send<SaveResponse<CustomerMargin>>('POST', '/save-customer-margin-values', body, signal);

// ---- transactions (accounts) -------------------------------------------------------------------------------
export const listTransactions = (q: ListQuery, signal?: AbortSignal) => get<ListResponse<LedgerTransaction>>('/transactions', paged(q), signal);
export const getTransaction = (id: number | string, signal?: AbortSignal) => get<ItemResponse<LedgerTransaction>>(at('/transactions', id), {}, signal).then((r) => r.data);
/** One key per form: a retried or doubled submit posts the transaction once. */
export const recordTransaction = (body: unknown, idempotencyKey: string, signal?: AbortSignal) =>
  request<SaveResponse<LedgerTransaction>>('/transactions', { method: 'POST', body: body as Record<string, unknown>, headers: { 'Idempotency-Key': idempotencyKey }, signal }).catch(fail);
export const rewordTransaction = (id: number | string, body: unknown, signal?: AbortSignal) => send<SaveResponse<LedgerTransaction>>('PUT', at('/transactions', id), body, signal);

// ---- exchange rates ----------------------------------------------------------------------------------------
export type RateRow = ExchangeRate & { id: string };
export type RateChangeRow = ExchangeRateChange;
export const listRates = (_: ListQuery, signal?: AbortSignal) =>
  get<ItemResponse<ExchangeRate[]>>('/exchange-rates', {}, signal).then((r) => ({ data: r.data.map((x) => ({ ...x, id: x.currency })), meta: { page: 1, per_page: r.data.length || 1, total: r.data.length } }));
export const listRateChanges = (q: ListQuery, signal?: AbortSignal) => get<ListResponse<ExchangeRateChange>>('/exchange-rate-changes', paged(q), signal);
export const saveRate = (currency: string, rate: string, signal?: AbortSignal) =>
  send<SaveResponse<ExchangeRate>>('PUT', at('/exchange-rates', currency.trim().toUpperCase() || '-'), { rate }, signal);

import { ChargeInput, StatementQuery, TransactionInput, TransactionUpdateInput } from '../../../contract/ledger';
import { AgentMarginInput, CustomerMarginInput } from '../../../contract/margins';
import { HotelMarginInput } from '../../../contract/hotels';
import { ExchangeRateCurrency, ExchangeRateInput } from '../../../contract/exchange-rates';
import { TravellerInput } from '../../../contract/travellers';
import * as v from 'valibot';
import { ChargeListFilters, TransactionListFilters } from '../../ledger/routes';
import { TravellerListFilters } from '../../travellers/routes';
import { pageOf, type Domain } from '../operation';

export const ledger: Domain = {
  tag: 'Wallet, ledger, margins and travellers',
  description: 'Agents\' statements and charges, wallet transactions, margins, exchange rates and saved travellers.',
  operations: {
    'GET /api/agent-statment': { operationId: 'agentStatement', summary: 'An agent\'s statement for a period: its own, or the one staff name.', query: StatementQuery },
    'GET /api/wallet-balance': { operationId: 'walletBalance', summary: 'An agent\'s wallet balance and credit (staff name it by ?agent_id=).', rawQuery: ['agent_id'] },
    'GET /api/agent-dashboard': { operationId: 'agentDashboard', summary: 'The agent area\'s home figures.' },
    'POST /api/save-agent-charges': { operationId: 'recordCharge', summary: 'Charge an agent (or credit it) on its ledger.', body: ChargeInput, status: 201 },
    'GET /api/show-all-charges': { operationId: 'listCharges', summary: 'Charges: every agent\'s for staff, the agent\'s own otherwise.', query: pageOf(ChargeListFilters), answer: 'list' },
    'GET /api/transactions': { operationId: 'listTransactions', summary: 'Wallet transactions of every agent, filtered and paged.', query: pageOf(TransactionListFilters), answer: 'list' },
    'GET /api/transactions/:id': { operationId: 'getTransaction', summary: 'One wallet transaction.' },
    'POST /api/transactions': { operationId: 'recordTransaction', summary: 'Post a wallet transaction (an Idempotency-Key header makes a retry safe).', body: TransactionInput, status: 201, also: [200, 'The same Idempotency-Key again: what the first call made, made once.'] },
    'PUT /api/transactions': { operationId: 'redescribeTransactionById', summary: 'Change the description of the transaction named by ?id= or the body.', body: TransactionUpdateInput },
    'PUT /api/transactions/:id': { operationId: 'redescribeTransaction', summary: 'Change a transaction\'s description.', body: TransactionUpdateInput },
    'GET /api/get-customer-margin-values': { operationId: 'getCustomerMargins', summary: 'The margins the public pays on each product.' },
    'POST /api/save-customer-margin-values': { operationId: 'saveCustomerMargins', summary: 'Set the margins the public pays.', body: CustomerMarginInput },
    'GET /api/get-agent-margin': { operationId: 'getAgentMargin', summary: 'An agent\'s margins: its own, or the one staff name by ?agent_id=.', rawQuery: ['agent_id'] },
    'POST /api/save-agent-margin': { operationId: 'saveAgentMargin', summary: 'Set an agent\'s margins.', body: AgentMarginInput },
    'GET /api/get-hotel-margin': { operationId: 'getHotelMargin', summary: 'The hotel margin.' },
    'POST /api/save-hotel-margin': { operationId: 'saveHotelMargin', summary: 'Set the hotel margin.', body: HotelMarginInput },
    'GET /api/exchange-rates': { operationId: 'listExchangeRates', summary: 'The exchange rates offers in other currencies are sold at.' },
    'PUT /api/exchange-rates/:currency': { operationId: 'setExchangeRate', summary: 'Set a currency\'s rate.', params: { currency: ExchangeRateCurrency }, body: ExchangeRateInput },
    'GET /api/exchange-rate-changes': { operationId: 'listExchangeRateChanges', summary: 'The history of rate changes.', query: pageOf({ currency: v.optional(ExchangeRateCurrency) }), answer: 'list' },
    'GET /api/get-travellers': { operationId: 'listTravellers', summary: 'Saved travellers: the agent\'s own, or any agent\'s for staff.', query: pageOf(TravellerListFilters), answer: 'list' },
    'GET /api/get-travellers/:id': { operationId: 'getTraveller', summary: 'One saved traveller.' },
    'POST /api/save-travellers': { operationId: 'createTraveller', summary: 'Save a traveller (staff name the agent by agent_id).', body: TravellerInput, status: 201 },
    'PUT /api/update-travellers': { operationId: 'updateTravellerById', summary: 'Change the traveller named by ?id= or the body.', body: TravellerInput },
    'PUT /api/update-travellers/:id': { operationId: 'updateTraveller', summary: 'Change a saved traveller.', body: TravellerInput },
    'DELETE /api/delete-travellers': { operationId: 'deleteTravellerById', summary: 'Delete the traveller named by ?id= or the body.', rawQuery: ['id'] },
    'DELETE /api/delete-travellers/:id': { operationId: 'deleteTraveller', summary: 'Delete a saved traveller.' },
  },
};

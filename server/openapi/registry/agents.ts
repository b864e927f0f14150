import { AgentProfileInput, AgentSettingsInput, StatusUpdateInput } from '../../../contract/agents';
import { NewAgentInput, NewUserInput, StaffInput, StaffUpdateInput } from '../../../contract/users';
import { AgencyUserInput, AgencyUserStatusInput } from '../../../contract/agency';
import { CreditLimitInput } from '../../../contract/credit';
import { BankInput, DepositInput, DepositStatusInput } from '../../../contract/deposits';
import { AgentsDepositsFilters, StatusFilter as DepositStatusFilter } from '../../deposits/routes';
import { UserListFilters } from '../../users/routes';
import { pageOf, type Domain } from '../operation';

export const agents: Domain = {
  tag: 'Users, agencies and deposits',
  description: 'Back-office users and staff, agent profiles, agency users and credit, banks and wallet deposits.',
  operations: {
    'GET /api/users': { operationId: 'listUsers', summary: 'Users, agents and staff, filtered and paged.', query: pageOf(UserListFilters), answer: 'list' },
    'GET /api/agent-options': { operationId: 'agentOptions', summary: 'Every agency, for staff pickers.' },
    'GET /api/users-summary': { operationId: 'usersSummary', summary: 'Counts of users by role and state.' },
    'GET /api/users/:id': { operationId: 'getUser', summary: 'One user with its profile.' },
    'POST /api/users': { operationId: 'createUser', summary: 'Add a back-office user.', body: NewUserInput, status: 201 },
    'POST /api/save-admin-agent': { operationId: 'createAgentByStaff', summary: 'Add an agent account on an agency\'s behalf.', body: NewAgentInput, status: 201 },
    'POST /api/add-staff': { operationId: 'createStaff', summary: 'Add a staff member.', body: StaffInput, status: 201 },
    'POST /api/update-staff': { operationId: 'updateStaff', summary: 'Change a staff member.', body: StaffUpdateInput },
    'PUT /api/update-status': { operationId: 'updateUserStatusById', summary: 'Approve, reject, suspend, reactivate or delete the user named by ?id= or the body.', body: StatusUpdateInput },
    'PUT /api/update-status/:id': { operationId: 'updateUserStatus', summary: 'Approve, reject, suspend, reactivate or delete a user.', body: StatusUpdateInput },
    'DELETE /api/users': { operationId: 'deleteUserById', summary: 'Delete (soft) the user named by ?id= or the body.', rawQuery: ['id'] },
    'DELETE /api/users/:id': { operationId: 'deleteUser', summary: 'Delete (soft) a user.' },
    'POST /api/update-agents-data': { operationId: 'saveAgentProfile', summary: 'Save an agency\'s profile: its own agent, or any agent for staff.', body: AgentProfileInput, notes: 'As a form, the file may come as a part of its own (any name): it is stored under POST /uploads\' rules and its name read as `logo_file`.' },
    'GET /api/agentsData': { operationId: 'getOwnAgentProfile', summary: 'The caller\'s agency profile, or the agent named by ?user_id= for staff.', rawQuery: ['user_id', 'id'] },
    'GET /api/agentsData/:id': { operationId: 'getAgentProfile', summary: 'An agency\'s profile.' },
    'POST /api/agent-profile': { operationId: 'saveAgentSettings', summary: 'An agent\'s own settings.', body: AgentSettingsInput, notes: 'As a form, the file may come as a part of its own (any name): it is stored under POST /uploads\' rules and its name read as `logo_file`.' },
    'GET /api/agents/:id/users': { operationId: 'listAgencyUsers', summary: 'An agency\'s users (agency admins and bookers).' },
    'POST /api/agents/:id/users': { operationId: 'addAgencyUser', summary: 'Add a user to an agency; a temporary password is emailed.', body: AgencyUserInput, status: 201 },
    'PATCH /api/agents/:id/users/:userId': { operationId: 'setAgencyUserStatus', summary: 'Deactivate or reactivate an agency user.', body: AgencyUserStatusInput },
    'GET /api/agents/:id/audit': { operationId: 'agencyAudit', summary: 'What an agency\'s users did, newest first.', query: pageOf(), answer: 'list' },
    'GET /api/agents/:id/credit': { operationId: 'getAgentCredit', summary: 'An agent\'s credit line with its history.' },
    'PUT /api/agents/:id/credit': { operationId: 'setAgentCredit', summary: 'Set an agent\'s credit limit.', body: CreditLimitInput },
    'GET /api/banks': { operationId: 'listBanks', summary: 'Banks agents deposit into: active ones for agents, all for staff.', query: pageOf(), answer: 'list' },
    'GET /api/banks/:id': { operationId: 'getBank', summary: 'One bank.' },
    'POST /api/banks': { operationId: 'createBank', summary: 'Add a bank.', body: BankInput, status: 201, notes: 'As a form, the file may come as a part of its own (any name): it is stored under POST /uploads\' rules and its name read as `logo_file`.' },
    'PUT /api/banks/:id': { operationId: 'updateBank', summary: 'Change a bank.', body: BankInput, notes: 'As a form, the file may come as a part of its own (any name): it is stored under POST /uploads\' rules and its name read as `logo_file`.' },
    'PUT /api/banks': { operationId: 'updateBankById', summary: 'Change the bank named by ?id= or the body.', body: BankInput, notes: 'As a form, the file may come as a part of its own (any name): it is stored under POST /uploads\' rules and its name read as `logo_file`.' },
    'DELETE /api/banks/:id': { operationId: 'deleteBank', summary: 'Delete a bank.' },
    'DELETE /api/banks': { operationId: 'deleteBankById', summary: 'Delete the bank named by ?id= or the body.', rawQuery: ['id'] },
    'POST /api/deposit-data': { operationId: 'recordDeposit', summary: 'An agent records a deposit into a bank, for staff to approve.', body: DepositInput, status: 201, notes: 'As a form, the file may come as a part of its own (any name): it is stored under POST /uploads\' rules and its name read as `receipt_file`.' },
    'GET /api/get-deposit-data': { operationId: 'listOwnDeposits', summary: 'The agent\'s own deposits.', query: pageOf({ status: DepositStatusFilter }), answer: 'list' },
    'GET /api/get-deposit-data/:id': { operationId: 'getOwnDeposit', summary: 'One of the agent\'s deposits.' },
    'GET /api/approved-deposits-total': { operationId: 'approvedDepositsTotal', summary: 'An agent\'s approved deposit totals (staff name it by ?agent_id=).', rawQuery: ['agent_id'] },
    'GET /api/approved-deposits-total/:id': { operationId: 'approvedDepositsTotalOf', summary: 'An agent\'s approved deposit totals.' },
    'DELETE /api/delete-deposit-data': { operationId: 'deletePendingDepositById', summary: 'Delete one of the agent\'s pending deposits, named by ?id= or the body.', rawQuery: ['id'] },
    'DELETE /api/delete-deposit-data/:id': { operationId: 'deletePendingDeposit', summary: 'Delete one of the agent\'s pending deposits.' },
    'GET /api/get-agents-deposits': { operationId: 'listAllDeposits', summary: 'Every agent\'s deposits, filtered and paged.', query: pageOf(AgentsDepositsFilters), answer: 'list' },
    'GET /api/deposit-details': { operationId: 'depositDetailsById', summary: 'A deposit with its agent, named by ?id=.', rawQuery: ['id'] },
    'GET /api/deposit-details/:id': { operationId: 'depositDetails', summary: 'A deposit with its agent.' },
    'PUT /api/update-deposit-status': { operationId: 'reviewDepositById', summary: 'Approve or reject the deposit named by ?id= or the body.', body: DepositStatusInput },
    'PUT /api/update-deposit-status/:id': { operationId: 'reviewDeposit', summary: 'Approve or reject a deposit.', body: DepositStatusInput },
  },
};

import { LeadInput, LeadUpdateInput } from '../../../contract/leads';
import { SupportCodeInput, SupportEventsInput, SupportPollQuery } from '../../../contract/support-sessions';
import { DiscrepancyInput, MemoInput, PeriodQuery } from '../../../contract/reconciliation';
import { ListQuery as LeadListQuery } from '../../leads/routes';
import { ExternalPnrInput } from '../../supplier-console/routes';
import type { Domain } from '../operation';

export const backOffice: Domain = {
  tag: 'Back office',
  description: 'Enquiries, the dashboard, the statechart explorer\'s data and support sessions, the supplier console and statement reconciliation.',
  operations: {
    'POST /api/leads': { operationId: 'sendEnquiry', summary: 'Send an enquiry (anyone).', body: LeadInput, status: 201, errors: [429] },
    'GET /api/leads': { operationId: 'listEnquiries', summary: 'Enquiries, filtered and paged.', query: LeadListQuery, answer: 'list' },
    'PATCH /api/leads/:id': { operationId: 'updateEnquiry', summary: 'Mark an enquiry handled or add a note.', body: LeadUpdateInput },
    'PUT /api/leads/:id': { operationId: 'replaceEnquiry', summary: 'Mark an enquiry handled or add a note.', body: LeadUpdateInput },
    'GET /api/back-office-dashboard': { operationId: 'backOfficeDashboard', summary: 'The back-office home\'s figures, the sections the caller\'s permissions allow.' },
    'GET /api/machine-coverage': { operationId: 'machineCoverage', summary: 'What the model-based tests reach in each machine, or null when they have not run.' },
    'POST /api/support-sessions': { operationId: 'startSupportSession', summary: 'Start a support session and get its code to give to support.', status: 201 },
    'GET /api/support-sessions/mine': { operationId: 'mySupportSession', summary: 'The caller\'s support session, or null.' },
    'POST /api/support-sessions/mine/events': { operationId: 'relaySupportEvents', summary: 'Send the tab\'s masked machine messages to the support session.', body: SupportEventsInput, answer: 'data' },
    'POST /api/support-sessions/mine/end': { operationId: 'endMySupportSession', summary: 'End the caller\'s support session.' },
    'POST /api/support-sessions/join': { operationId: 'joinSupportSession', summary: 'Follow a user\'s support session by its code.', body: SupportCodeInput, answer: 'data' },
    'GET /api/support-sessions/:id/events': { operationId: 'pollSupportSession', summary: 'A followed session\'s events after a sequence number (long poll).', query: SupportPollQuery },
    'POST /api/support-sessions/:id/end': { operationId: 'endFollowedSupportSession', summary: 'Stop following a support session.' },
    'GET /api/supplier-console/pnrs': { operationId: 'listSupplierPnrs', summary: 'PNRs the embedded supplier holds that agencies booked through other channels.' },
    'POST /api/supplier-console/pnrs': { operationId: 'bookSupplierPnr', summary: 'Book a PNR in the embedded supplier as an agency would in its own terminal.', body: ExternalPnrInput, status: 201 },
    'GET /api/supplier-console/statement': { operationId: 'supplierStatement', summary: 'The embedded supplier\'s statement of a period, as CSV.', query: PeriodQuery, answer: 'csv' },
    'GET /api/supplier-console/statement/discrepancies': { operationId: 'listStatementDiscrepancies', summary: 'The discrepancies injected into a period\'s statement.', query: PeriodQuery },
    'POST /api/supplier-console/statement/discrepancies': { operationId: 'addStatementDiscrepancy', summary: 'Inject a discrepancy into the supplier statement (to test reconciliation).', body: DiscrepancyInput, status: 201 },
    'DELETE /api/supplier-console/statement/discrepancies/:id': { operationId: 'removeStatementDiscrepancy', summary: 'Remove an injected discrepancy.', answer: 'message' },
    'GET /api/reconciliation/statements': { operationId: 'listStatements', summary: 'Imported supplier statements.' },
    'POST /api/reconciliation/statements': { operationId: 'importStatement', summary: 'Import a supplier statement CSV for a period and match its lines.', upload: 'multipart form: `file` (the CSV, up to 5 MB), `from` and `to` (the period, checked with PeriodQuery)', status: 201 },
    'GET /api/reconciliation/statements/:id': { operationId: 'getStatement', summary: 'A statement with its matched and unmatched lines.' },
    'GET /api/reconciliation/statements/:id/export/:kind': { operationId: 'exportStatementLines', summary: 'A statement\'s lines of one kind, as CSV.', answer: 'csv' },
    'POST /api/reconciliation/statements/:id/lines/:lineId/memo': { operationId: 'setStatementLineMemo', summary: 'Set a statement line\'s dispute memo.', body: MemoInput },
    'POST /api/reconciliation/statements/:id/close': { operationId: 'closeStatement', summary: 'Close a statement\'s period and post the settlement.', errors: [409] },
    'GET /api/openapi.json': { operationId: 'openApiDocument', summary: 'This document.', answer: 'openapi' },
    'GET /api/docs': { operationId: 'apiDocsPage', summary: 'The API reference page (Swagger UI) over this document.', answer: 'html' },
    'GET /api/docs/:file': { operationId: 'apiDocsAsset', summary: 'The API reference page\'s script and style files.', answer: 'file' },
  },
};

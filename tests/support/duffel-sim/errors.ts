/**
 * Duffel's error shape: `{ errors: [{ type, title, message, code, documentation_url, source? }], meta: { status,
 * request_id } }` (duffel.com/docs/api/overview/errors). Codes and titles follow that page's code list (mirrored
 * in public clients) and responses seen from the real API; the few the docs don't name are marked in comments.
 */

export type ErrorType =
  | 'authentication_error' | 'airline_error' | 'invalid_state_error' | 'rate_limit_error'
  | 'validation_error' | 'invalid_request_error' | 'api_error';

export interface DuffelErrorBody {
  type: ErrorType;
  code: string;
  title: string;
  message: string;
  documentation_url: string;
  source?: { field: string; pointer: string };
}

const ERRORS_DOC = 'https://duffel.com/docs/api/overview/errors';
// Validation errors seen from the API point at the response-handling page instead.
const VALIDATION_DOC = 'https://duffel.com/docs/api/overview/response-handling';

/** Thrown by handlers; the server turns it into the HTTP answer. */
export class SimError extends Error {
  constructor(readonly status: number, readonly errors: DuffelErrorBody[]) {
    super(errors.map((e) => e.code).join(', '));
  }
}

export const apiError = (status: number, type: ErrorType, code: string, title: string, message: string): SimError =>
  new SimError(status, [{ type, code, title, message, documentation_url: ERRORS_DOC }]);

/** One field's validation failure; `pointer` is the JSON pointer into `data` ("/passengers/0/born_on"). */
export function fieldError(pointer: string, code: string, title: string, message: string): DuffelErrorBody {
  const field = pointer.split('/').filter(Boolean).filter((p) => !/^\d+$/.test(p)).pop() ?? pointer;
  return { type: 'validation_error', code, title, message, documentation_url: VALIDATION_DOC, source: { field, pointer } };
}

const last = (pointer: string) => pointer.split('/').filter(Boolean).pop() ?? pointer;

export const required = (pointer: string) =>
  fieldError(pointer, 'validation_required', 'Required field', `Field '${last(pointer)}' can't be blank`);
export const badFormat = (pointer: string, what: string) =>
  fieldError(pointer, 'validation_format', 'Invalid format', `Field '${last(pointer)}' ${what}`);
export const notIncluded = (pointer: string, allowed: readonly (string | number)[]) =>
  fieldError(pointer, 'validation_inclusion', 'Invalid value', `Field '${last(pointer)}' must be one of ${allowed.join(', ')}`);
export const linkedNotFound = (pointer: string) =>
  fieldError(pointer, 'not_found', 'Linked record(s) not found', `Field '${last(pointer)}' contains ID(s) of linked record(s) that were not found in your account`);

/** Collects field errors so one answer lists them all, as Duffel's 422s do. */
export class Problems {
  readonly list: DuffelErrorBody[] = [];
  add(e: DuffelErrorBody): void {
    this.list.push(e);
  }
  throwIfAny(): void {
    if (this.list.length) throw new SimError(422, this.list);
  }
}

export const E = {
  missingAuthorization: () => apiError(401, 'authentication_error', 'missing_authorization_header', 'Missing authorization header',
    'The Authorization header must be set and contain a valid API token'),
  invalidAuthorization: () => apiError(401, 'authentication_error', 'invalid_authorization_header', 'Invalid authorization header',
    'The Authorization header must conform to the following format: Bearer API_TOKEN'),
  tokenNotFound: () => apiError(401, 'authentication_error', 'access_token_not_found', 'Access token not found',
    'The access token used is not recognized by our system'),
  missingVersion: () => apiError(400, 'invalid_request_error', 'missing_version_header', 'Missing Duffel-Version header',
    'The Duffel-Version header is required and must be a valid API version'),
  invalidVersion: () => apiError(400, 'invalid_request_error', 'invalid_version_header', 'Invalid Duffel-Version header',
    'The Duffel-Version header must be a known version of our API as indicated in our Docs'),
  unsupportedVersion: () => apiError(400, 'invalid_request_error', 'unsupported_version', 'Unsupported version',
    'The version set to the Duffel-Version header is no longer supported by the API, please upgrade'),
  unsupportedFormat: () => apiError(406, 'invalid_request_error', 'unsupported_format', 'Unsupported format',
    'The API does not support the format set in the Accept header, please use a supported format'),
  missingContentType: () => apiError(400, 'invalid_request_error', 'missing_content_type_header', 'Missing Content-Type header',
    'The Content-Type header needs to be set to application/json'),
  invalidContentType: () => apiError(400, 'invalid_request_error', 'invalid_content_type_header', 'Invalid Content-Type header',
    'The Content-Type should be set to application/json'),
  malformedData: () => apiError(400, 'invalid_request_error', 'malformed_data_param', 'Malformed data',
    'The data in the request body is not valid'),
  missingData: () => apiError(400, 'invalid_request_error', 'missing_data_param', 'Missing data',
    'The data in the request body should be nested under the data key'),
  invalidData: () => apiError(400, 'invalid_request_error', 'invalid_data_param', 'Invalid data',
    'The data in the request body should be a JSON object'),
  notFound: () => apiError(404, 'invalid_request_error', 'not_found', 'Not found',
    'The resource you are trying to access does not exist'),
  internal: () => apiError(500, 'api_error', 'internal_server_error', 'Internal server error',
    'There was something wrong on our end, please contact support'),
  // Reading a gone offer was seen as an airline_error; the errors page's own example of creating an order on one
  // is an invalid_state_error. Both carry the same stable code.
  offerGone: (type: ErrorType) => apiError(422, type, 'offer_no_longer_available', 'Offer no longer available',
    'The provided offer is no longer available, please select another offer or create a new offer request to get the latest availability'),
  alreadyCancelled: () => apiError(422, 'invalid_state_error', 'already_cancelled', 'Already cancelled',
    'The provided order has already been cancelled'),
  alreadyPaid: () => apiError(422, 'invalid_state_error', 'already_paid', 'Already paid',
    "The order you're paying for has already been paid for."),
  pastPaymentRequiredBy: () => apiError(422, 'invalid_state_error', 'past_payment_required_by_date', 'Payment deadline passed',
    "The order's payment_required_by date has elapsed."),
  scheduleChanged: () => apiError(422, 'invalid_state_error', 'schedule_changed', 'Schedule changed',
    "You can't pay for this order because it has been changed in some way on the airline's side."),
  // The cancelling-an-order guide names order_cancellation_stale for quotes that can no longer be confirmed.
  cancellationStale: (why: string) => apiError(422, 'invalid_state_error', 'order_cancellation_stale', 'Order cancellation stale', why),
  // Not named in the docs (guessed): an airline refusing an order because the fare moved since it was read
  // (the changelog introduces `price_changed` for this case, without its type).
  priceChanged: () => apiError(422, 'airline_error', 'price_changed', 'Price changed',
    "The offer's price has changed since it was last retrieved. Retrieve the offer to get its latest total_amount and try again."),
};

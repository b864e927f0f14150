import { UrlQuery } from '../../payments/routes';
import type { Domain } from '../operation';

const signed = 'Called by the provider\'s servers: believed only through its signature, exempt from the XSRF check, size- and rate-limited.';

export const payments: Domain = {
  tag: 'Payments and webhooks',
  description: 'Card and wallet checkouts, the providers\' returns and signed webhooks.',
  operations: {
    'GET /api/payment-options': { operationId: 'paymentOptions', summary: 'Who may take a checkout\'s money here: card, JazzCash or both.' },
    'GET /api/safepay-url': { operationId: 'checkoutUrl', summary: 'Open a card or wallet checkout for a flight booking: its owner, or a guest with PNR and email.', query: UrlQuery, errors: [429, 503] },
    'POST /api/payments/callback': { operationId: 'paymentCallback', summary: 'The embedded payment provider\'s signed callback.', answer: 'message', notes: `${signed} The body is the provider's JSON object.`, errors: [400, 413, 429] },
    'GET /api/payment-result': { operationId: 'paymentResult', summary: 'What became of a payment, by its tracker.', rawQuery: ['tracker'], errors: [404] },
    'POST /api/payments/safepay/return': { operationId: 'safepayReturn', summary: 'The browser\'s signed return from Safepay\'s page; redirects to the payment result.', answer: 'redirect', notes: `${signed} The body is the provider's form.`, errors: [413, 429] },
    'POST /api/payments/jazzcash/return': { operationId: 'jazzcashReturn', summary: 'The browser\'s signed return from JazzCash\'s page; redirects to the payment result.', answer: 'redirect', notes: `${signed} The body is the provider's form.`, errors: [413, 429] },
    'GET /api/payments/safepay/cancel': { operationId: 'safepayCancel', summary: 'The browser\'s return from a cancelled Safepay checkout; redirects to the payment result.', rawQuery: ['tracker'], answer: 'redirect', errors: [429] },
    'POST /api/webhooks/safepay': { operationId: 'safepayWebhook', summary: 'Safepay\'s signed webhook.', answer: 'message', notes: signed, errors: [400, 413, 429] },
    'GET /api/payments/jazzcash/pay/:tracker': { operationId: 'jazzcashPayPage', summary: 'A page that posts the signed JazzCash form for an open payment.', answer: 'html', errors: [303] },
    'POST /api/webhooks/duffel': { operationId: 'duffelWebhook', summary: 'Duffel\'s signed webhook (airline-initiated changes, cancellations).', answer: 'message', notes: signed, errors: [400, 413] },
  },
};

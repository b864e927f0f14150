import { assign, emit, enqueueActions, setup } from 'xstate';
import type { VisaApplication } from '../contract/visa-applications';
import { missing } from './request';
import { recheck } from './field-errors';
import {
  applicationFormErrors, blankTraveller, initialApplicationContext, MAX_TRAVELLERS, setField, toRequest,
  type ApplicationRequest, type ApplyFailure, type UploadedDocument, type VisaApplicationContext, type VisaApplicationEmitted,
  type VisaApplicationEvent, type VisaApplicationMachineInput,
} from './visa-application-form';

export * from './visa-application-form';

/**
 * Applying for a visa online: the travellers with their passport scan and photo, a review with the
 * fee, then paying: by card (the browser leaves for the hosted checkout and comes back on /payment-result, which
 * links to the application) or, for an approved agent, from the wallet (submitted at once; the application page
 * opens). Pure: the app provides the upload and the create calls and acts on what is emitted. The form is checked
 * with the server's schema before leaving it; the server's field errors come back onto it.
 *
 *   editing ─UPLOAD─► uploading ─done/fail─► editing
 *   editing ─SUBMIT (valid)─► review ─CONFIRM─► applying ─┬► redirecting (card: the hosted checkout)
 *                                                          ├► submitted (wallet: the application page)
 *                                                          ├► editing (422 fields) · insufficientBalance ─BACK─► review
 *                                                          └► applyFailed ─RETRY─► applying | ─BACK─► review
 */

type ErrorEvent = { error?: unknown };
const failureOf = (error: unknown): ApplyFailure => {
  const f = error as ApplyFailure | null;
  return f && typeof f === 'object' && 'notice' in f ? f : { notice: { status: 'error', key: 'errors.generic' }, fieldErrors: {}, code: 'other' };
};
const output = <T>(event: unknown) => (event as { output: T }).output;

export const visaApplicationMachine = setup({
  types: {
    context: {} as VisaApplicationContext,
    events: {} as VisaApplicationEvent,
    input: {} as VisaApplicationMachineInput,
    emitted: {} as VisaApplicationEmitted,
  },
  actors: {
    uploadDocument: missing<UploadedDocument, { file: File }>('visa-application', 'uploadDocument'),
    createApplication: missing<VisaApplication, ApplicationRequest>('visa-application', 'createApplication'),
  },
  guards: {
    formValid: ({ context }) => Object.keys(applicationFormErrors(context)).length === 0,
    canAdd: ({ context }) => context.form.travellers.length < MAX_TRAVELLERS,
    canRemove: ({ context, event }) => event.type === 'REMOVE_TRAVELLER' && context.form.travellers.length > 1 && !!context.form.travellers[event.index],
    travellerExists: ({ context, event }) => event.type === 'UPLOAD' && !!context.form.travellers[event.index],
    canUseMethod: ({ context, event }) => event.type === 'CONFIRM' && (event.method === 'card' || context.role === 'agent'),
    submittedAtOnce: ({ event }) => output<VisaApplication>(event).status === 'submitted',
    hasCheckout: ({ event }) => !!output<VisaApplication>(event).payment.checkout_url,
    isInsufficient: ({ event }) => failureOf((event as ErrorEvent).error).code === 'insufficient_balance',
    hasFieldErrors: ({ event }) => Object.keys(failureOf((event as ErrorEvent).error).fieldErrors).length > 0,
  },
  actions: {
    // A shown message goes as soon as its field is right (field-errors.ts); the others wait for the next submit.
    set: assign(({ context, event }) => {
      const form = event.type === 'SET' ? setField(context.form, event.path, event.value)
        : event.type === 'ACKNOWLEDGE_PASSPORTS' ? { ...context.form, passports_acknowledged: event.value } : context.form;
      return { form, fieldErrors: recheck(context.fieldErrors, context.form, form, (f) => applicationFormErrors({ ...context, form: f })) };
    }),
    addTraveller: assign({ form: ({ context }) => ({ ...context.form, travellers: [...context.form.travellers, blankTraveller()] }) }),
    // Errors are keyed by traveller index: after a removal they would name the wrong traveller, so they go.
    removeTraveller: assign(({ context, event }) => (event.type === 'REMOVE_TRAVELLER'
      ? { form: { ...context.form, travellers: context.form.travellers.filter((_, i) => i !== event.index) }, fieldErrors: {} } : {})),
    startUpload: assign({ uploading: ({ event }) => (event.type === 'UPLOAD' ? { index: event.index, kind: event.kind, file: event.file } : null) }),
    setDocument: assign(({ context, event }) => {
      const up = context.uploading!;
      const key = `travellers.${up.index}.documents.${up.kind}`;
      const { [key]: _gone, ...fieldErrors } = context.fieldErrors;
      const travellers = context.form.travellers.map((t, i) => (i === up.index ? { ...t, documents: { ...t.documents, [up.kind]: output<UploadedDocument>(event) } } : t));
      return { form: { ...context.form, travellers }, uploading: null, fieldErrors };
    }),
    refuseDocument: assign(({ context, event }) => {
      const up = context.uploading!;
      const f = failureOf((event as ErrorEvent).error);
      const message = f.fieldErrors.file ?? Object.values(f.fieldErrors)[0] ?? f.notice?.text ?? 'The file could not be uploaded.';
      return { uploading: null, fieldErrors: { ...context.fieldErrors, [`travellers.${up.index}.documents.${up.kind}`]: message } };
    }),
    showErrors: assign({ fieldErrors: ({ context }) => applicationFormErrors(context) }),
    clearErrors: assign({ fieldErrors: {}, failure: null }),
    choose: assign(({ event }) => (event.type === 'CONFIRM' ? { method: event.method, idempotencyKey: event.idempotencyKey } : {})),
    setApplication: assign({ application: ({ event }) => output<VisaApplication>(event), failure: null }),
    setFailure: assign(({ event }) => {
      const failure = failureOf((event as ErrorEvent).error);
      return { failure, fieldErrors: failure.fieldErrors };
    }),
    clearFailure: assign({ failure: null }),
    notifyFailure: enqueueActions(({ enqueue, event }) => {
      const notice = failureOf((event as ErrorEvent).error).notice;
      if (notice) enqueue.emit({ type: 'notify', notice });
    }),
    redirect: emit(({ context }) => ({ type: 'redirect' as const, url: context.application?.payment.checkout_url ?? '/' })),
    openApplication: emit(({ context }) => ({ type: 'navigate' as const, to: `/visa-application?reference=${encodeURIComponent(context.application?.reference ?? '')}` })),
  },
}).createMachine({
  id: 'visaApplication',
  context: ({ input }) => initialApplicationContext(input),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET: { actions: 'set' },
        ACKNOWLEDGE_PASSPORTS: { actions: 'set' },
        ADD_TRAVELLER: { guard: 'canAdd', actions: 'addTraveller' },
        REMOVE_TRAVELLER: { guard: 'canRemove', actions: 'removeTraveller' },
        UPLOAD: { guard: 'travellerExists', target: 'uploading', actions: 'startUpload' },
        SUBMIT: [{ guard: 'formValid', target: 'review', actions: 'clearErrors' }, { actions: 'showErrors' }],
      },
    },
    /** One document at a time: checked by content on the server, its stored name kept on the traveller. */
    uploading: {
      invoke: {
        id: 'uploadDocument', src: 'uploadDocument', input: ({ context }) => ({ file: context.uploading!.file }),
        onDone: { target: 'editing', actions: 'setDocument' },
        onError: { target: 'editing', actions: 'refuseDocument' },
      },
    },
    review: {
      on: {
        CONFIRM: { guard: 'canUseMethod', target: 'applying', actions: 'choose' },
        BACK: 'editing',
      },
    },
    applying: {
      invoke: {
        id: 'createApplication', src: 'createApplication', input: ({ context }) => toRequest(context, context.method, context.idempotencyKey),
        onDone: [
          { guard: 'submittedAtOnce', target: 'submitted', actions: 'setApplication' },
          { guard: 'hasCheckout', target: 'redirecting', actions: 'setApplication' },
          { target: 'submitted', actions: 'setApplication' },
        ],
        onError: [
          { guard: 'isInsufficient', target: 'insufficientBalance', actions: 'setFailure' },
          // The server named the fields: back to the form with each message under its field.
          { guard: 'hasFieldErrors', target: 'editing', actions: ['setFailure', 'notifyFailure'] },
          { target: 'applyFailed', actions: ['setFailure', 'notifyFailure'] },
        ],
      },
    },
    /** "Insufficient Balance": the agent pays by card instead, or goes back. */
    insufficientBalance: { exit: 'clearFailure', on: { BACK: 'review' } },
    applyFailed: { exit: 'clearFailure', on: { RETRY: 'applying', BACK: 'review' } },
    /** The browser leaves for the hosted checkout; /payment-result links back to the application. */
    redirecting: { entry: 'redirect' },
    /** Paid from the wallet (or nothing to pay): the application page shows where it stands. */
    submitted: { entry: 'openApplication' },
  },
});

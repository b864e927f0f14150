import { describe, expect, it } from 'vitest';
import { FetchError } from 'ofetch';
import { describeError, noticeFromBody, noticeFromMessage } from '../../src/api/messages';
import { lookupServerText } from '../../src/i18n';
import ar from '../../locales/ar.json';

/** The error → message rules, as pure functions. */
function httpError(status: number, data: unknown) {
  const e = new FetchError(`[POST] "/api/x": ${status}`);
  Object.assign(e, { status, statusCode: status, data });
  return e;
}

describe('message objects {status, description}', () => {
  it('toast of the description, styled by status', () => {
    expect(noticeFromMessage({ status: 'warning', description: 'Careful' })).toEqual({ status: 'warning', text: 'Careful' });
  });
  it('"Unknown error!" when the description is missing or empty', () => {
    expect(noticeFromMessage({ status: 'error' })).toEqual({ status: 'error', key: 'errors.unknown' });
    expect(noticeFromMessage({ status: 'info', description: '  ' })).toEqual({ status: 'info', key: 'errors.unknown' });
  });
  it('an unknown status falls back (error for failures, success for answers)', () => {
    expect(noticeFromMessage({ status: 'weird' as never, description: 'x' })).toEqual({ status: 'error', text: 'x' });
    expect(noticeFromBody({ message: { status: 'weird', description: 'x' } })).toEqual({ status: 'success', text: 'x' });
  });
  it('a success body carries its message object or string; none means no toast', () => {
    expect(noticeFromBody({ success: true, message: { status: 'success', description: 'Welcome back, Ali.' } })).toEqual({ status: 'success', text: 'Welcome back, Ali.' });
    expect(noticeFromBody({ message: 'Visa saved successfully' })).toEqual({ status: 'success', text: 'Visa saved successfully' });
    expect(noticeFromBody({ data: [] })).toBeNull();
    expect(noticeFromBody(null)).toBeNull();
  });
});

describe('failed calls', () => {
  it('422: the server message, and the first message per field', () => {
    const f = describeError(httpError(422, { message: 'Email is required.', errors: { email: ['Email is required.', 'Enter a valid email address.'], password: ['Password is required.'] } }));
    expect(f.notice).toEqual({ status: 'error', text: 'Email is required.' });
    expect(f.fieldErrors).toEqual({ email: 'Email is required.', password: 'Password is required.' });
  });
  it('401/403/429: the server message', () => {
    expect(describeError(httpError(401, { message: 'These credentials do not match our records.' })).notice).toEqual({ status: 'error', text: 'These credentials do not match our records.' });
    expect(describeError(httpError(429, { message: 'Too many attempts. Please try again later.' })).notice?.text).toBe('Too many attempts. Please try again later.');
  });
  it('an HTTP error without a message: "An unexpected error occurred."', () => {
    expect(describeError(httpError(502, '<html>Bad gateway</html>')).notice).toEqual({ status: 'error', key: 'errors.unexpected' });
    expect(describeError(httpError(500, { message: '' })).notice).toEqual({ status: 'error', key: 'errors.unexpected' });
  });
  it('an error body with a message object follows the message-object rule', () => {
    expect(describeError(httpError(409, { message: { status: 'warning', description: 'Already booked' } })).notice).toEqual({ status: 'warning', text: 'Already booked' });
  });
  it('no response at all: "Something went wrong." and any errors field is kept', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toEqual({ notice: { status: 'error', key: 'errors.generic' }, fieldErrors: {} });
    expect(describeError({ data: { errors: { name: ['Name is required.'] } } })).toEqual({ notice: { status: 'error', key: 'errors.generic' }, fieldErrors: { name: 'Name is required.' } });
    expect(describeError(undefined).notice).toEqual({ status: 'error', key: 'errors.generic' });
  });
  it('an aborted call shows nothing', () => {
    expect(describeError(new DOMException('The operation was aborted.', 'AbortError'))).toEqual({ notice: null, fieldErrors: {} });
    const e = new FetchError('aborted');
    Object.assign(e, { cause: new DOMException('aborted', 'AbortError') });
    expect(describeError(e).notice).toBeNull();
  });
  it('a malformed errors field does not break the form', () => {
    expect(describeError(httpError(422, { message: 'x', errors: { a: 'single', b: [1, 'two'], c: null } })).fieldErrors).toEqual({ a: 'single', b: 'two' });
    expect(describeError(httpError(422, { message: 'x', errors: 'nope' })).fieldErrors).toEqual({});
  });
});

describe('server texts in Arabic', () => {
  const dict = ar.server as Record<string, string>;
  it('exact texts and patterns with placeholders', () => {
    expect(lookupServerText(dict, 'Registered successfully.')).toBe('تم التسجيل بنجاح.');
    expect(lookupServerText(dict, 'Welcome back, Ali Raza.')).toBe('أهلاً بعودتك، Ali Raza.');
    expect(lookupServerText(dict, 'The phone field is required.')).toBe('حقل الهاتف مطلوب.');
    expect(lookupServerText(dict, 'The zzz field is required.')).toBe('حقل zzz مطلوب.');
  });
  it("a pattern's value that is a word of the dictionary (a label, a status) is translated too; a name is not", () => {
    expect(lookupServerText(dict, 'The return date must be a real date.')).toBe('يجب أن يكون تاريخ العودة تاريخاً صحيحاً.');
    expect(lookupServerText(dict, 'Only a held booking can be canceled; this one is ticketed.')).toBe('لا يُلغى إلا حجز مؤقت؛ وحالة هذا الحجز صدرت تذاكره.');
    expect(lookupServerText(dict, 'Welcome back, Title.')).toBe('أهلاً بعودتك، Title.');
  });
  it('unknown texts pass through unchanged (and are rendered as text, never HTML)', () => {
    expect(lookupServerText(dict, '<b>New</b> message')).toBe('<b>New</b> message');
  });
});

import { AgentRegisterInput, ForgotPasswordInput, LoginInput, RegisterInput, ResetPasswordInput, VerifyEmailInput } from '../../../contract/auth';
import { ListQuery as NoticeListQuery } from '../../notifications/routes';
import type { Domain } from '../operation';

export const auth: Domain = {
  tag: 'Auth',
  description: 'Sign-in, registration, passwords, email verification and the caller\'s notifications.',
  operations: {
    'GET /sanctum/csrf-cookie': { operationId: 'csrfCookie', summary: 'Set the XSRF-TOKEN cookie a browser copies into X-XSRF-TOKEN on every change.', answer: 'empty', status: 204 },
    'GET /api/sanctum/csrf-cookie': { operationId: 'csrfCookieUnderApi', summary: 'The same XSRF-TOKEN cookie, under /api for clients that call only there.', answer: 'empty', status: 204 },
    'POST /api/login': { operationId: 'login', summary: 'Sign in with email and password: starts a session cookie and returns a bearer token.', body: LoginInput, answer: 'data', errors: [429] },
    'POST /api/register': { operationId: 'registerCustomer', summary: 'Register a customer account and sign it in.', body: RegisterInput, answer: 'saved', status: 201, errors: [429] },
    'POST /api/agents': { operationId: 'registerAgent', summary: 'Register a travel agency; its agent waits for staff approval.', body: AgentRegisterInput, answer: 'saved', status: 201, errors: [429] },
    'GET /api/user': { operationId: 'currentUser', summary: 'The signed-in user, or null for a guest.' },
    'POST /api/logout': { operationId: 'logout', summary: 'End the session and revoke its token.', answer: 'message' },
    'POST /api/forgot-password': { operationId: 'forgotPassword', summary: 'Email a password reset link (the same answer whether or not the account exists).', body: ForgotPasswordInput, answer: 'message', errors: [429] },
    'POST /api/reset-password': { operationId: 'resetPassword', summary: 'Set a new password with the emailed reset token.', body: ResetPasswordInput, answer: 'message' },
    'POST /api/email/verify': { operationId: 'verifyEmail', summary: 'Verify an email address with the signed link\'s fields.', body: VerifyEmailInput, answer: 'saved' },
    'POST /api/email/verification-notification': { operationId: 'resendVerification', summary: 'Send a new email verification link to the signed-in user.', answer: 'message', errors: [429] },
    'GET /api/notifications': { operationId: 'listNotifications', summary: 'The caller\'s notifications, newest first, with the unread count.', query: NoticeListQuery, answer: 'list' },
    'GET /api/notifications/unread-count': { operationId: 'unreadNotificationCount', summary: 'How many of the caller\'s notifications are unread.' },
    'POST /api/notifications/read-all': { operationId: 'readAllNotifications', summary: 'Mark all the caller\'s notifications as read.' },
    'POST /api/notifications/:id/read': { operationId: 'readNotification', summary: 'Mark one of the caller\'s notifications as read.' },
  },
};

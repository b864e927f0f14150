import { fromPromise } from 'xstate';
import type { AgentRegisterInput, LoginInput, LoginResponse, RegisterInput, ResetPasswordInput, User, UserResponse } from '../../../contract/auth';
import type { StatusMessage } from '../../../contract/http';
import type { AuthResult, ForgotInput, VerifyInput } from '../../../machines/auth';
import type { Failure } from '../../../machines/notice';
import { accessToken, request } from '../../api/client';
import { describeError, noticeFromBody } from '../../api/messages';

/** The auth calls as the auth machine's actors: resolve with {user, notice}, throw a Failure. */

type MessageBody = { message: StatusMessage | string; data?: { user?: User } };

async function call<T>(fn: () => Promise<T>, toResult: (body: T) => AuthResult): Promise<AuthResult> {
  let body: T;
  try {
    body = await fn();
  } catch (err) {
    throw describeError(err);
  }
  return toResult(body);
}

const post = <T>(path: string, body: object, signal: AbortSignal) => request<T>(path, { method: 'POST', body: body as Record<string, unknown>, signal });

/** A sign-in answer without the user and its token cannot sign anyone in: "Failed to authenticate, please try again later." */
export function signedIn(body: LoginResponse): AuthResult {
  if (!body?.data?.user || !body.data.access_token) throw { notice: { status: 'error', key: 'errors.authFailed' }, fieldErrors: {} } satisfies Failure;
  accessToken.set(body.data.access_token);
  return { user: body.data.user, notice: noticeFromBody(body) };
}
const message = (body: MessageBody): AuthResult => ({ notice: noticeFromBody(body) });

export const authActors = {
  fetchUser: fromPromise<User | null, void>(async ({ signal }) => (await request<UserResponse>('/user', { signal })).data ?? null),
  login: fromPromise<AuthResult, LoginInput>(({ input, signal }) => call(() => post<LoginResponse>('/login', input, signal), signedIn)),
  register: fromPromise<AuthResult, RegisterInput>(({ input, signal }) => call(() => post<LoginResponse>('/register', input, signal), signedIn)),
  registerAgent: fromPromise<AuthResult, AgentRegisterInput>(({ input, signal }) => call(() => post<LoginResponse>('/agents', input, signal), signedIn)),
  logout: fromPromise<AuthResult, void>(async ({ signal }) => {
    try {
      return await call(() => post<MessageBody>('/logout', {}, signal), message);
    } finally {
      accessToken.clear(); // whatever the server said, this browser forgets the token
    }
  }),
  forgotPassword: fromPromise<AuthResult, ForgotInput>(({ input, signal }) => call(() => post<MessageBody>('/forgot-password', input, signal), message)),
  resetPassword: fromPromise<AuthResult, ResetPasswordInput>(({ input, signal }) => call(() => post<MessageBody>('/reset-password', input, signal), message)),
  verifyEmail: fromPromise<AuthResult, VerifyInput>(({ input, signal }) => call(() => post<MessageBody>('/email/verify', input, signal), message)),
  resendVerification: fromPromise<AuthResult, void>(({ signal }) => call(() => post<MessageBody>('/email/verification-notification', {}, signal), message)),
};

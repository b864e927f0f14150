import { Hono, type Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { AgentRegisterInput, type RegisterInput as RegisterInputT, ForgotPasswordInput, LoginInput, RegisterInput, ResetPasswordInput, VerifyEmailInput } from '../../contract/auth';
import type { AppEnv, SessionUser } from '../context';
import { dummyVerify, verifyPassword } from './crypto';
import { requestPasswordReset, resetPassword, verifyEmail } from './passwords';
import { enforce } from './rate-limit';
import { beforeLogin, loginFailed, loginSucceeded } from './login-guard';
import { createAccessToken, createSession, destroy, SESSION_COOKIE } from './sessions';
import { createUser, findUserByEmail, toApiUser } from './users';
import { verificationUrl } from './verification';
import { enqueueMail } from '../mail/outbox';
import { agentRegistered } from '../notifications/events';
import { verifyEmailMail } from '../mail/templates';
import { ApiError, validationError } from '../http/errors';
import { currentUser, requireAuth } from '../http/guards';
import { clientIp } from '../http/ip';
import { issueXsrfCookie, setSessionCookie } from '../http/session';
import { body } from '../http/validate';

const localeOf = (c: Context<AppEnv>) => (c.req.header('accept-language')?.toLowerCase().startsWith('ar') ? 'ar' : 'en');

async function startSession(c: Context<AppEnv>, user: SessionUser) {
  const ctx = c.get('ctx');
  const token = await createAccessToken(ctx, user.id);
  const cookie = await createSession(ctx, user.id, { ip: clientIp(c), userAgent: c.req.header('user-agent'), accessTokenId: token.id });
  setSessionCookie(c, cookie, ctx.config.sessionDays * 86_400);
  issueXsrfCookie(c); // a fresh XSRF token with every new session
  return token.token;
}

async function sendVerification(c: Context<AppEnv>, user: SessionUser) {
  const ctx = c.get('ctx');
  await enqueueMail(ctx.db, user.email, verifyEmailMail(user.locale, user.name, verificationUrl(ctx, user)));
}

export function authRoutes() {
  const r = new Hono<AppEnv>();

  r.post('/login', async (c) => {
    const ctx = c.get('ctx');
    const input = await body(c, LoginInput);
    const limits = ctx.config.limits;
    await enforce(ctx, [{ key: `login:ip:${clientIp(c)}`, max: limits.loginPerIpPerMinute, windowSeconds: 60 }]);
    const ip = clientIp(c);
    await beforeLogin(ctx, input.email, ip);
    const user = await findUserByEmail(ctx.db, input.email);
    const ok = user && user.status === 'active' ? await verifyPassword(user.passwordHash, input.password) : await dummyVerify(input.password);
    if (!user || !ok) {
      await loginFailed(ctx, input.email, ip);
      throw new ApiError(401, 'These credentials do not match our records.');
    }
    await loginSucceeded(ctx, input.email, ip);
    const accessToken = await startSession(c, user);
    return c.json({
      success: true,
      data: { user: toApiUser(user), access_token: accessToken },
      message: { status: 'success', description: `Welcome back, ${user.name}.` },
    });
  });

  async function register(c: Context<AppEnv>, role: 'customer' | 'agent') {
    const ctx = c.get('ctx');
    const input: RegisterInputT & Partial<AgentRegisterInput> = role === 'agent' ? await body(c, AgentRegisterInput) : await body(c, RegisterInput);
    await enforce(ctx, [{ key: `register:ip:${clientIp(c)}`, max: ctx.config.limits.registerPerIpPerHour, windowSeconds: 3600 }]);
    const user = await createUser(ctx, {
      name: input.name,
      email: input.email,
      password: input.password,
      role,
      locale: localeOf(c),
      agent: role === 'agent' ? { companyName: input.company_name!, phone: input.phone! } : undefined,
    }, role === 'agent' ? (tx, row) => agentRegistered(tx, ctx, row) : undefined);
    if (!user) throw validationError({ email: ['This email is already registered.'] });
    await sendVerification(c, user);
    const accessToken = await startSession(c, user);
    return c.json(
      { success: true, data: { user: toApiUser(user), access_token: accessToken }, message: { status: 'success', description: 'Registered successfully.' } },
      201,
    );
  }
  r.post('/register', (c) => register(c, 'customer'));
  r.post('/agents', (c) => register(c, 'agent'));

  r.get('/user', (c) => {
    const user = c.get('user');
    return c.json({ data: user ? toApiUser(user) : null });
  });

  r.post('/logout', async (c) => {
    await destroy(c.get('ctx'), c.get('sessionId'), c.get('accessTokenId'));
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    issueXsrfCookie(c);
    return c.json({ message: { status: 'success', description: 'You have been logged out.' } });
  });

  r.post('/forgot-password', async (c) => {
    const ctx = c.get('ctx');
    const input = await body(c, ForgotPasswordInput);
    const limits = ctx.config.limits;
    await enforce(ctx, [
      { key: `forgot:ip:${clientIp(c)}`, max: limits.forgotPerIpPerHour, windowSeconds: 3600 },
      { key: `forgot:acct:${input.email.toLowerCase()}`, max: limits.forgotPerAccount, windowSeconds: 900 },
    ]);
    await requestPasswordReset(ctx, input.email);
    // The same answer whether or not the account exists, so the form does not reveal who is registered.
    return c.json({ message: { status: 'success', description: 'We have emailed your password reset link.' } });
  });

  r.post('/reset-password', async (c) => {
    await resetPassword(c.get('ctx'), await body(c, ResetPasswordInput));
    return c.json({ message: { status: 'success', description: 'Your password has reset successfully.' } });
  });

  r.post('/email/verify', async (c) => {
    const user = await verifyEmail(c.get('ctx'), await body(c, VerifyEmailInput));
    return c.json({ message: { status: 'success', description: 'Your email address has been verified.' }, data: { user } });
  });

  r.post('/email/verification-notification', requireAuth, async (c) => {
    const ctx = c.get('ctx');
    const user = currentUser(c);
    if (user.emailVerifiedAt) return c.json({ message: { status: 'info', description: 'Your email address is already verified.' } });
    await enforce(ctx, [{ key: `verify-resend:${user.id}`, max: 6, windowSeconds: 3600 }]);
    await sendVerification(c, user);
    return c.json({ message: { status: 'success', description: 'A new verification link has been sent to your email address.' } });
  });

  return r;
}

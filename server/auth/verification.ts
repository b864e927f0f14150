import type { AppContext, SessionUser } from '../context';
import { hmac, safeEqual } from './crypto';

const LINK_MINUTES = 60;

const payload = (id: number, email: string, expires: number) => `verify-email:${id}:${email}:${expires}`;

/** A signed link into the app; the signature covers the email, so changing the email voids old links. */
export function verificationUrl(ctx: AppContext, user: SessionUser): string {
  const expires = Math.floor(ctx.now().getTime() / 1000) + LINK_MINUTES * 60;
  const signature = hmac(ctx.config.appKey, payload(user.id, user.email, expires));
  return `${ctx.config.appUrl}/auth/verify-email?id=${user.id}&expires=${expires}&signature=${signature}`;
}

export function checkVerification(ctx: AppContext, user: SessionUser, expires: number, signature: string): 'ok' | 'expired' | 'invalid' {
  if (!safeEqual(hmac(ctx.config.appKey, payload(user.id, user.email, expires)), signature)) return 'invalid';
  return expires * 1000 < ctx.now().getTime() ? 'expired' : 'ok';
}

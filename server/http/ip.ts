import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../context';

/**
 * The caller's address. Behind `hops` trusted proxies, each appends the address it saw to X-Forwarded-For, so the
 * client is the entry `hops` places from the right; anything further left was written by the client and can be
 * anything. Without trusted proxies only the socket counts.
 */
export function forwardedClient(header: string | undefined, hops: number): string | null {
  if (!header || hops <= 0) return null;
  const entries = header.split(',').map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - hops)] ?? null;
}

/** The socket's peer, or null for in-process requests (tests), which have no socket. */
export function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

export function clientIp(c: Context<AppEnv>): string {
  const hops = c.get('ctx')?.config.trustProxyHops ?? 0;
  return forwardedClient(c.req.header('x-forwarded-for'), hops) ?? socketAddress(c) ?? 'unknown';
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * A caller on this machine itself: the socket is loopback and no proxy forwarded the request (a proxy on this
 * machine would make every visitor look local). In-process requests count as local.
 */
export function isLocalCaller(c: Context): boolean {
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) return false;
  const addr = socketAddress(c);
  return addr === null || LOOPBACK.test(addr);
}

import type { Server } from 'node:http';

/**
 * How long an idle keep-alive socket stays open. The side that closes an idle socket must be the client (a
 * browser, a balancer, another service), never the server: a request the client sends on a socket at the moment
 * the server closes it is reset (ECONNRESET), and clients retry that only sometimes. Clients and balancers keep
 * idle sockets up to about 60 s, so the server keeps its own a little longer than that; Node's 5 s default made a
 * request after a 5 s pause fail now and then.
 */
export const IDLE_KEEP_ALIVE_MS = 65_000;

export function keepIdleSocketsOpen(server: Server): void {
  server.keepAliveTimeout = IDLE_KEEP_ALIVE_MS;
  // Kept above the idle time (Node's default of 60 s is below it), so that no request sent late in a socket's idle
  // time can run into the headers limit.
  server.headersTimeout = IDLE_KEEP_ALIVE_MS + 1_000;
}

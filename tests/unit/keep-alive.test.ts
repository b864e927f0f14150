import { afterEach, expect, it } from 'vitest';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDLE_KEEP_ALIVE_MS, keepIdleSocketsOpen } from '../../server/http/keep-alive';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => {
  if (!server) return resolve();
  server.closeAllConnections();
  server.close(() => resolve());
}));

function get(port: number, agent: Agent): Promise<{ keepAlive?: string; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ keepAlive: res.headers['keep-alive'] as string | undefined, reused: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end();
  });
}

it('tells clients an idle socket stays open 65 s, longer than the 60 s clients and balancers keep theirs', async () => {
  server = createServer((_req, res) => res.end('ok'));
  keepIdleSocketsOpen(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true });
  try {
    const first = await get(port, agent);
    expect(first.keepAlive).toBe(`timeout=${IDLE_KEEP_ALIVE_MS / 1000}`);
    expect(IDLE_KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(IDLE_KEEP_ALIVE_MS);
    // The next request goes on the same socket: the server kept it.
    expect((await get(port, agent)).reused).toBe(true);
  } finally {
    agent.destroy();
  }
});

import { afterEach, describe, expect, it } from 'vitest';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createShutdown } from '../../server/http/shutdown';

/** A server whose /slow answers after `ms`, /never never answers, anything else at once. */
const lastAnswered = new WeakMap<Server, number>();
const received = new WeakMap<Server, number>();
function startServer(ms = 300): Promise<Server> {
  const server = createServer((req, res) => {
    received.set(server, (received.get(server) ?? 0) + 1);
    if (req.url === '/never') return;
    res.on('finish', () => lastAnswered.set(server, Date.now()));
    setTimeout(() => res.end('ok'), req.url === '/slow' ? ms : 0);
  });
  server.keepAliveTimeout = 60_000; // an idle keep-alive socket would hold close() for a minute
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Resolves once the server has read `n` requests: in flight means the server has them, however busy the machine. */
async function receivedBy(server: Server, n: number) {
  while ((received.get(server) ?? 0) < n) await new Promise((r) => setTimeout(r, 5));
}

interface Answer { status?: number; connection?: string; error?: string; at: number }
const ports = new WeakMap<Server, number>();
function get(server: Server, path: string, agent?: Agent): Promise<Answer> {
  const port = ports.get(server) ?? (server.address() as AddressInfo).port;
  ports.set(server, port); // still known once the server stopped listening
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, at: Date.now() }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message, at: Date.now() }));
    req.end();
  });
}

function harness(server: Server, graceMs: number) {
  const steps: string[] = [];
  const at: Record<string, number> = {};
  let exit!: (code: number) => void;
  const exited = new Promise<number>((resolve) => { exit = resolve; });
  const shutdown = createShutdown({
    server, graceMs,
    stopJobs: async () => { at.jobs = Date.now(); steps.push('jobs'); },
    closeDatabase: async () => { at.db = Date.now(); steps.push('db'); },
    log: { info: () => {}, warn: () => {} },
    exit: (code) => { steps.push(`exit ${code}`); exit(code); },
  });
  return { steps, at, exited, shutdown: (signal = 'SIGTERM') => shutdown(signal) };
}

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.destroy()));

describe('graceful shutdown', () => {
  it('answers every request in flight with Connection: close, then stops jobs, closes the database and exits 0', async () => {
    const server = await startServer(300);
    const h = harness(server, 5000);
    const agent = new Agent({ keepAlive: true });
    agents.push(agent);
    expect((await get(server, '/fast', agent)).status).toBe(200); // leaves an idle keep-alive socket
    const inFlight = Array.from({ length: 8 }, () => get(server, '/slow', agent));
    await receivedBy(server, 9);
    const t0 = Date.now();
    void h.shutdown();
    await new Promise((r) => setTimeout(r, 20));
    expect((await get(server, '/fast')).error).toBe('ECONNREFUSED');

    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.every((a) => a.connection === 'close')).toBe(true);
    expect(await h.exited).toBe(0);
    expect(h.steps).toEqual(['jobs', 'db', 'exit 0']);
    expect(h.at.jobs).toBeGreaterThanOrEqual(lastAnswered.get(server)!);
    // Not held by the idle keep-alive socket (keepAliveTimeout is a minute).
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('a request sent on a kept-alive socket just before the signal (not read by the server yet) is answered, not reset', async () => {
    const server = await startServer(50);
    const h = harness(server, 5000);
    const agent = new Agent({ keepAlive: true });
    agents.push(agent);
    expect((await get(server, '/fast', agent)).status).toBe(200);
    const late = get(server, '/slow', agent);
    await new Promise((r) => process.nextTick(r)); // the client has written it; the server reads it at its next poll
    void h.shutdown();
    expect(await late).toMatchObject({ status: 200, connection: 'close' });
    expect(await h.exited).toBe(0);
  });

  it('cuts what is still open once the grace period is over and exits 1', async () => {
    const server = await startServer();
    const h = harness(server, 300);
    const stuck = get(server, '/never');
    await receivedBy(server, 1);
    const t0 = Date.now();
    void h.shutdown();
    expect((await stuck).error).toBe('ECONNRESET');
    expect(await h.exited).toBe(1);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    expect(h.steps).toEqual(['jobs', 'db', 'exit 1']);
  });

  it('a second signal exits at once', async () => {
    const server = await startServer();
    const h = harness(server, 10_000);
    const stuck = get(server, '/never');
    await receivedBy(server, 1);
    void h.shutdown('SIGTERM');
    await h.shutdown('SIGINT');
    expect(h.steps).toEqual(['exit 1']);
    server.closeAllConnections();
    await stuck;
  });
});

/**
 * The real server as a child process (node --import tsx server/main.ts), for tests of what only a process
 * shows: signals, kill -9, two servers on one database. Only 127.0.0.1; every wait is bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PG_TEMPLATE_DB, pgUrl } from './template';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function admin<T>(run: (c: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** A private PostgreSQL database, a copy of the migrated and seeded test template (its URL and a drop). */
export async function privateDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `safar_p_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database ${name} template ${PG_TEMPLATE_DB}`));
  return { url: pgUrl(name), name, drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}

/** A query on a database by URL (one connection, closed after). */
export async function query<T = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
}

export function tempDir(prefix = 'safar-proc-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the process printed so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** SIGKILL if still running, then wait for the exit. */
  kill(): Promise<void>;
}

const children = new Set<ChildProcess>();
/** For afterAll: no child outlives its test file. */
export async function killAll() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  children.clear();
}

/** Starts the server and resolves once it answers; `env` adds to (or overrides) a minimal environment. */
export async function startServer(env: Record<string, string>, readyTimeoutMs = 90_000): Promise<ServerProcess> {
  const port = Number(env.PORT) || (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), NODE_ENV: 'test', LOG_LEVEL: 'info',
      APP_KEY: 'process-test-app-key-0123456789',
      // These tests book many times from one address and one contact email; the hold caps are not what they test.
      BOOKING_LIMIT_PER_IP_PER_HOUR: '10000', BOOKING_LIMIT_PER_EMAIL_PER_HOUR: '10000', LIVE_HOLDS_PER_IP: '10000', LIVE_HOLDS_PER_EMAIL: '10000', GUEST_HOLD_SHARE: '1',
      ...env, PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => { children.delete(child); resolve({ code, signal, at: Date.now() }); }));
  const proc: ServerProcess = {
    child, port, base: `http://127.0.0.1:${port}`, output: () => out, exited,
    kill: async () => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); await exited; },
  };
  const deadline = Date.now() + readyTimeoutMs;
  let gone = false;
  void exited.then(() => { gone = true; });
  while (!out.includes('Safar is running at')) {
    if (gone) throw new Error(`server exited before it was ready:\n${out}`);
    if (Date.now() > deadline) { await proc.kill(); throw new Error(`server not ready in ${readyTimeoutMs} ms:\n${out}`); }
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc;
}

/**
 * Until the server's own start-up work has begun and ended: its periodic jobs start a moment after it listens
 * (server/main.ts), so a test about what the jobs do waits for them (GET /api/dev/ready, 425 until then).
 */
export async function untilStartWorkDone(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await fetch(`${server.base}/api/dev/ready`)).status !== 200) {
    if (Date.now() > deadline) throw new Error(`start-up work not done in ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Answer<T = any> { status: number; body: T; headers: Record<string, string | string[] | undefined>; at: number }
export interface Failure { error: string; at: number }
export const failed = (a: Answer | Failure): a is Failure => 'error' in a;

/**
 * A browser-like client over one server base: keeps cookies, sends X-XSRF-TOKEN like the app. Uses node:http
 * (keep-alive agent) so a reset socket shows as an error rather than being retried.
 */
export class ProcessClient {
  cookies = new Map<string, string>();
  constructor(public base: string, readonly agent = new Agent({ keepAlive: true, maxSockets: 64 })) {}

  request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<Answer<T> | Failure> {
    const url = new URL(path, this.base);
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) h['x-xsrf-token'] = decodeURIComponent(xsrf);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) h['content-type'] = 'application/json';
    return new Promise((resolve) => {
      const req = httpRequest(url, { method, headers: h, agent: this.agent, timeout: timeoutMs }, (res) => {
        for (const c of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
          const [pair] = c.split(';');
          const i = pair.indexOf('=');
          const name = pair.slice(0, i).trim();
          const value = pair.slice(i + 1);
          if (value === '' || /max-age=0\b/i.test(c)) this.cookies.delete(name);
          else this.cookies.set(name, value);
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => { text += d; });
        res.on('end', () => {
          let parsed: unknown = text;
          try { parsed = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
          resolve({ status: res.statusCode ?? 0, body: parsed as T, headers: res.headers, at: Date.now() });
        });
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message, at: Date.now() }));
      });
      req.on('timeout', () => req.destroy(new Error('client timeout')));
      req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message, at: Date.now() }));
      req.end(payload);
    });
  }

  get<T = any>(path: string, query: Record<string, string | number> = {}) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return this.request<T>('GET', qs ? `${path}?${qs}` : path);
  }
  post<T = any>(path: string, body: unknown = {}, headers?: Record<string, string>) { return this.request<T>('POST', path, body, headers); }

  async csrf() {
    const r = await this.request('GET', '/sanctum/csrf-cookie');
    if (failed(r) || r.status >= 300) throw new Error(`csrf-cookie: ${JSON.stringify(r)}`);
    return this;
  }
  async login(email: string, password = 'Safar-demo-1') {
    await this.csrf();
    const r = await this.post('/api/login', { email, password });
    if (failed(r) || r.status !== 200) throw new Error(`login ${email}: ${JSON.stringify(r)}`);
    return this;
  }
  close() { this.agent.destroy(); }
}

/** Distinct passengers, so no two bookings are duplicates of each other. */
let paxSeq = 0;
export function traveller(tag: string) {
  paxSeq++;
  const letters = (n: number) => String.fromCharCode(65 + (n % 26)) + String.fromCharCode(65 + (Math.floor(n / 26) % 26));
  return {
    type: 'ADT', title: 'Mr', first_name: `${tag}${letters(paxSeq)}`, last_name: `Proc${letters(process.pid)}`, gender: 'M', dob: '1984-03-02',
    nationality: 'PK', document_type: 'passport', document_no: `PR${2_000_000 + paxSeq}`, expiry_date: '2036-01-01', issue_country: 'PK',
  };
}
export const contact = { email: 'process@example.com', phone: '+92 300 7654321', country: 'PK' };
export const dayFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

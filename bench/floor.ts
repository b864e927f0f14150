/**
 * What this machine allows an answer at all: a bare node:http server, in a process of its own started with the
 * server's V8 flags, that sends the exact status, headers and bytes our server sent for one request, and does
 * nothing else. A latency goal set on another machine is read against it: what our server adds is the difference.
 * Replayed answers are recorded from the running server, so the floor sends what a client of ours receives.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { BROWSER } from './load';
import { NODE_FLAGS, type BenchServer } from './server';

interface Recorded { status: number; headers: Record<string, string | string[]>; body: string }

/** The answer as it left the server, still encoded; the connection's own headers left out (node sets them). */
function record(server: BenchServer, path: string): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    request(`${server.base}${path}`, { headers: BROWSER }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = Object.fromEntries(Object.entries(res.headers).filter(([k, v]) => v !== undefined && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k))) as Recorded['headers'];
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
      });
      res.on('error', reject);
    }).on('error', reject).end();
  });
}

// Plain JavaScript for `node -e`: no loader between the socket and the answer.
const REPLAY = `
const { createServer } = require('node:http');
const rec = JSON.parse(process.env.REPLAY);
const body = Buffer.from(rec.body, 'base64');
createServer((req, res) => { req.resume(); res.writeHead(rec.status, rec.headers); res.end(body); })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.send('up'));
`;

/** A replay of `server`'s answer to GET `path` on `port`, as a BenchServer (its CPU is read from /proc as ours is). */
export async function floorServer(server: BenchServer, path: string, port: number): Promise<BenchServer> {
  const rec = await record(server, path);
  const proc = spawn(process.execPath, [...NODE_FLAGS, '-e', REPLAY], {
    env: { ...process.env, PORT: String(port), REPLAY: JSON.stringify(rec) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    proc.once('message', () => resolve());
    proc.once('exit', (code) => reject(new Error(`the replay server exited with ${code}`)));
  });
  proc.removeAllListeners('exit');
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  return {
    base: `http://127.0.0.1:${port}`, proc, driver: server.driver, readyMs: 0,
    stop: async () => { if (proc.exitCode === null) proc.kill('SIGTERM'); await exited; },
  };
}

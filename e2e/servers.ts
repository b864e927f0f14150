/**
 * Starts every server the journeys use at once and answers on its own port once all of them are ready (Playwright's
 * webServer entries start one after another, each waiting for the last to be ready: some 50 s here, against about
 * 25 s side by side). Run by playwright.config.ts with the list in E2E_SERVERS; its children share its process
 * group, so Playwright stopping it stops them all. A child that exits early fails the start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { connect } from 'node:net';

export interface E2eServer {
  name: string;
  command: string;
  env?: Record<string, string>;
  /** Ready once this answers 2xx; else once `port` accepts a connection. */
  url?: string;
  port?: number;
}

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]') as E2eServer[];
const ownPort = Number(process.env.E2E_SERVERS_PORT);
const children: ChildProcess[] = [];
const stopAll = () => { for (const c of children) c.kill('SIGTERM'); };
process.on('SIGTERM', () => { stopAll(); process.exit(0); });
process.on('SIGINT', () => { stopAll(); process.exit(0); });

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const answers = async (url: string) => { try { return (await fetch(url)).ok; } catch { return false; } };
const accepts = (port: number) => new Promise<boolean>((resolve) => {
  const socket = connect(port, '127.0.0.1', () => { socket.end(); resolve(true); });
  socket.on('error', () => resolve(false));
});

async function start(s: E2eServer): Promise<void> {
  // Their start-up banners (demo accounts, addresses) would fill the run's log; their errors still show.
  const child = spawn(s.command, { shell: true, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...s.env } });
  children.push(child);
  let exited: number | null = null;
  child.on('exit', (code) => { exited = code ?? 1; });
  const t0 = performance.now();
  while (!(s.url ? await answers(s.url) : await accepts(s.port!))) {
    if (exited !== null) throw new Error(`${s.name} exited with ${exited} before it was ready`);
    await pause(200);
  }
  console.log(`e2e server ${s.name} ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

try {
  await Promise.all(servers.map(start));
} catch (err) {
  console.error(String(err));
  stopAll();
  process.exit(1);
}
createServer((_req, res) => res.end('ready')).listen(ownPort, '127.0.0.1');

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failed, killAll, privateDatabase, ProcessClient, query, startServer, tempDir, untilStartWorkDone, type ServerProcess } from '../support/process';

/**
 * Two app servers on one PostgreSQL database:
 * a session made on one works on the other, a per-address limit counts across both, and the outbox that both
 * drain sends each mail once.
 */
const LOGIN_LIMIT = 6;
const BACKLOG = 300;
const DEMO = ['admin@demo.safar', 'accounts@demo.safar', 'reservation@demo.safar', 'agent@demo.safar', 'pending.agent@demo.safar', 'customer@demo.safar'];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  await killAll();
  for (const c of cleanups.splice(0)) await c();
}, 60_000);

const mailLines = (s: ServerProcess) => s.output().split('\n').filter((l) => l.includes('"msg":"mail (no SMTP configured')).length;

describe('two servers on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof privateDatabase>>;
  let a: ServerProcess, b: ServerProcess;
  const startedAt = new Date();
  beforeAll(async () => {
    db = await privateDatabase();
    cleanups.push(db.drop);
    const dirs = [tempDir(), tempDir()];
    cleanups.push(() => dirs.forEach((d) => d.remove()));
    // Both drain the outbox every 100 ms, so their drains overlap all the time.
    const env = { DATABASE_URL: db.url, LOGIN_LIMIT_PER_IP_PER_MINUTE: String(LOGIN_LIMIT), FORGOT_LIMIT_PER_IP_PER_HOUR: '1000', JOB_EVERY_MS: 'outbox=100' };
    [a, b] = await Promise.all(dirs.map((d) => startServer({ ...env, DATA_DIR: d.path })));
  }, 120_000);

  it('a session made on one server works on the other, and so does its logout', async () => {
    // The login limit below counts per minute: start in a fresh window, not in its last seconds.
    const second = new Date().getSeconds();
    if (second > 45) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    const onA = new ProcessClient(a.base);
    const onB = new ProcessClient(b.base);
    cleanups.push(() => { onA.close(); onB.close(); });
    await onA.login('agent@demo.safar');
    onB.cookies = onA.cookies;
    const me = await onB.get('/api/user');
    expect(failed(me) ? me : me.body.data?.email).toBe('agent@demo.safar');
    const out = await onB.post('/api/logout');
    expect(failed(out) ? out : out.status).toBe(200);
    const gone = await onA.get('/api/user');
    expect(failed(gone) ? gone : gone.body.data).toBeNull();

    // The same address, alternating servers: the limit (one login above already counted) holds across both.
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 2; i++) {
      const c = await new ProcessClient(i % 2 ? a.base : b.base).csrf();
      const r = await c.post('/api/login', { email: `nobody${i}@example.com`, password: 'wrong-password-1' });
      c.close();
      statuses.push(failed(r) ? -1 : r.status);
    }
    expect(statuses).toEqual([...Array(LOGIN_LIMIT - 1).fill(401), 429, 429, 429]);
  }, 60_000);

  it('the outbox both servers drain sends each mail once', async () => {
    await Promise.all([a, b].map((s) => untilStartWorkDone(s))); // both servers' jobs are running
    // Password-reset mails asked on both servers, three per demo account (its limit).
    const asks = DEMO.flatMap((email) => [0, 1, 2].map((k) => ({ email, server: k % 2 ? a : b })));
    const answers = await Promise.all(asks.map(async ({ email, server }) => {
      const c = await new ProcessClient(server.base).csrf();
      const r = await c.post('/api/forgot-password', { email });
      c.close();
      return failed(r) ? -1 : r.status;
    }));
    expect(answers).toEqual(Array(asks.length).fill(200));
    // And a backlog, as a server that was down for a while leaves it: both servers take from it at once.
    await query(db.url, `insert into outbox (to_address, subject, text_body, html_body, kind)
      select 'backlog' || n || '@example.com', 'Backlog ' || n, 't', '<p>t</p>', 'test' from generate_series(1, ${BACKLOG}) n`);

    const pending = () => query<{ n: string }>(db.url, `select count(*) as n from outbox where status = 'pending'`).then((r) => Number(r[0].n));
    const until = Date.now() + 20_000;
    while ((await pending()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(await pending()).toBe(0);
    await new Promise((r) => setTimeout(r, 300)); // let the last log lines reach us

    const rows = await query<{ id: number; attempts: number; status: string }>(db.url, `select id, attempts, status from outbox where sent_at >= $1 or status <> 'sent'`, [startedAt]);
    const sentLines = mailLines(a) + mailLines(b);
    console.log(`outbox: ${rows.length} mails, sent ${sentLines} times (server A ${mailLines(a)}, B ${mailLines(b)}); ${asks.length} password-reset mails and a backlog of ${BACKLOG} among them`);
    expect(rows.length).toBeGreaterThanOrEqual(asks.length + BACKLOG);
    expect(rows.filter((r) => r.status !== 'sent' || r.attempts !== 1)).toEqual([]);
    expect(sentLines).toBe(rows.length);
    expect(mailLines(a)).toBeGreaterThan(0);
    expect(mailLines(b)).toBeGreaterThan(0);
  }, 60_000);
});

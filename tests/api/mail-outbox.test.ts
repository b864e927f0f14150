import { describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import pino from 'pino';
import { setupApi } from '../support/api';
import { outbox } from '../../server/db/schema';
import { enqueueMail } from '../../server/mail/outbox';
import { drainOutbox, SEND_LEASE_MS, type Transport } from '../../server/mail/worker';
import type { AppContext } from '../../server/context';

/** The outbox worker runs on every app server: each mail must still go out once. */
const api = await setupApi();
const otherServer: AppContext = { ...api.ctx, log: pino({ level: 'silent' }) };
const mail = (i: number) => ({ subject: `Outbox test ${i}`, text: 't', html: '<p>t</p>', kind: 'test' });
const ours = () => api.db.select().from(outbox).where(like(outbox.subject, 'Outbox test %'));

/** A transport that takes a while per mail and counts what it sent. */
function slowTransport(sent: Map<string, number>, onFirst?: () => void): Transport {
  return {
    async send(m) {
      onFirst?.();
      onFirst = undefined;
      await new Promise((r) => setTimeout(r, 15));
      sent.set(m.subject, (sent.get(m.subject) ?? 0) + 1);
    },
  };
}

describe('outbox worker on several servers', () => {
  it('two servers draining at once send each mail once', async () => {
    for (let i = 0; i < 12; i++) await enqueueMail(api.db, `outbox${i}@example.com`, mail(i));
    const sent = new Map<string, number>();
    // The second server starts while the first is sending its first mail (claimed, not yet marked sent).
    let second!: Promise<number>;
    const first = drainOutbox(api.ctx, slowTransport(sent, () => { second = drainOutbox(otherServer, slowTransport(sent), 20); }), 20);
    await first;
    await second;
    while ((await ours()).some((r) => r.status === 'pending')) {
      await Promise.all([drainOutbox(api.ctx, slowTransport(sent)), drainOutbox(otherServer, slowTransport(sent))]);
    }
    const counts = [...sent].filter(([subject]) => subject.startsWith('Outbox test '));
    expect(counts.filter(([, n]) => n !== 1)).toEqual([]);
    expect(counts).toHaveLength(12);
    const rows = await ours();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('a mail claimed by a server that died is sent by another once the lease is over; a failure is retried later', async () => {
    await enqueueMail(api.db, 'lease@example.com', mail(100));
    const [row] = await api.db.select().from(outbox).where(eq(outbox.toAddress, 'lease@example.com'));
    // Claimed by a server that then died.
    await api.db.update(outbox).set({ attempts: 1, lockedUntil: new Date(api.ctx.now().getTime() + SEND_LEASE_MS) }).where(eq(outbox.id, row.id));
    const sent = new Map<string, number>();
    await drainOutbox(api.ctx, slowTransport(sent));
    expect(sent.get('Outbox test 100')).toBeUndefined();
    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + SEND_LEASE_MS + 1);

    let calls = 0;
    const failing: Transport = { send: async () => { calls++; throw new Error('SMTP down'); } };
    await drainOutbox(api.ctx, failing);
    await drainOutbox(api.ctx, failing);
    expect(calls).toBe(1); // not again at the next tick: it waits
    const [failed] = await api.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(failed).toMatchObject({ status: 'pending', attempts: 2, lastError: 'Error: SMTP down' });

    api.ctx.clock.now = new Date(api.ctx.clock.now.getTime() + 5 * 60_000);
    await drainOutbox(api.ctx, slowTransport(sent));
    expect(sent.get('Outbox test 100')).toBe(1);
    const [done] = await api.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(done).toMatchObject({ status: 'sent', attempts: 3, lockedUntil: null });
  });

  it('claims one batch however many are pending, even on a plan made while the outbox was nearly empty', async () => {
    const counting: Transport = { async send() {} };
    // The claim is a kept statement: after a few runs on an all-but-empty outbox it keeps a generic plan made then.
    for (let i = 0; i < 8; i++) await drainOutbox(api.ctx, counting, 5);
    await api.db.insert(outbox).values(Array.from({ length: 400 }, (_, i) => ({ toAddress: `batch${i}@example.com`, subject: `Batch test ${i}`, textBody: 't', htmlBody: '<p>t</p>', kind: 'test' })));
    // Before, the plan ran the locking subquery again for each pending mail and claimed them all.
    expect(await drainOutbox(api.ctx, counting, 5)).toBe(5);
    const batch = api.db.select().from(outbox).where(like(outbox.subject, 'Batch test %'));
    expect((await batch).filter((r) => r.attempts > 0)).toHaveLength(5);
  });
});

/**
 * Statement reconciliation on one day long past that no statement covers yet: accounts inject a debit memo (and a
 * credit memo they remove) into the embedded supplier's statement of that day, import the statement, dispute the
 * memo and close the period. The API reopens no period, so that one day stays closed with its statement (nothing
 * was sold then, and a disputed memo is not paid: the settlement moves no money); the memo injected is removed.
 */
import type { Happy } from './runner';

type Period = { from: string; to: string };

/** A day of 2000-2009 outside every imported statement's period. */
async function freeDay(h: Happy): Promise<string> {
  const taken = (await h.read<{ data: { period: Period }[] }>('accounts', '/api/reconciliation/statements')).data.map((s) => s.period);
  for (let i = 0; i < 40; i++) {
    const day = new Date(Date.UTC(2000, 0, 1) + Math.floor(Math.random() * 3650) * 86_400_000).toISOString().slice(0, 10);
    if (!taken.some((p) => p.from <= day && day <= p.to)) return day;
  }
  throw new Error('no day of 2000-2009 is free of statements');
}

export async function reconciliation(h: Happy) {
  const day = await freeDay(h);
  const period = { from: day, to: day };
  const inject = (kind: string) => h.data<{ id: number }>('accounts', 'POST /api/supplier-console/statement/discrepancies', {
    ...period, kind, amount: '100.00', document_number: h.ref(kind), reason: h.name(`${kind} memo`),
  });
  const memo = await inject('ADM');
  try {
    const credit = await inject('ACM');
    await h.write('accounts', 'DELETE /api/supplier-console/statement/discrepancies/{id}', undefined, { id: credit.id });
    const csv = await h.read<string>('accounts', `/api/supplier-console/statement?from=${day}&to=${day}`);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), `conformance-${day}.csv`);
    form.append('from', day);
    form.append('to', day);
    const statement = await h.data<{ id: number }>('accounts', 'POST /api/reconciliation/statements', form);
    const detail = (await h.read<{ data: { items: { id: number; memo: unknown }[] } }>('accounts', `/api/reconciliation/statements/${statement.id}`)).data;
    const line = detail.items.find((l) => l.memo);
    if (!line) throw new Error(`statement ${statement.id} holds no memo line`);
    await h.write('accounts', 'POST /api/reconciliation/statements/{id}/lines/{lineId}/memo', { state: 'disputed', note: h.name('disputed') }, { id: statement.id, lineId: line.id });
    await h.write('accounts', 'POST /api/reconciliation/statements/{id}/close', undefined, { id: statement.id });
  } finally {
    await h.write('accounts', 'DELETE /api/supplier-console/statement/discrepancies/{id}', undefined, { id: memo.id });
  }
}

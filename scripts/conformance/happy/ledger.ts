/**
 * Money and the records around it: banks added, changed and deleted; the demo agent's deposits recorded, two
 * deleted while pending, one rejected and one approved; a charge and its refund; a transaction, its description
 * changed, and the opposite transaction; travellers saved, changed and deleted. What moves the demo agent's wallet
 * is put back at the end of the run (./wallet); decided deposits, charges and transactions stay in the history.
 */
import type { Happy } from './runner';

export async function banks(h: Happy) {
  const bank = (n: number) => ({ name: h.name(`Bank ${n}`), account_title: h.name('Account'), account_number: `0000-${n}0000001`, branch: 'Conformance', is_active: false });
  const first = await h.data<{ id: number }>('accounts', 'POST /api/banks', bank(1));
  let second: { id: number } | undefined;
  try {
    second = await h.data<{ id: number }>('accounts', 'POST /api/banks', bank(2));
    await h.write('accounts', 'PUT /api/banks/{id}', { ...bank(1), branch: 'Conformance, changed' }, { id: first.id });
    await h.write('accounts', 'PUT /api/banks', { ...bank(2), branch: 'Conformance, changed' }, { id: second.id });
  } finally {
    await h.write('accounts', 'DELETE /api/banks/{id}', undefined, { id: first.id });
    if (second) await h.write('accounts', 'DELETE /api/banks', undefined, { id: second.id });
  }
}

export async function deposits(h: Happy) {
  const [bank] = (await h.read<{ data: { id: number }[] }>('agent', '/api/banks')).data;
  const deposit = async (n: number) => (await h.data<{ id: number }>('agent', 'POST /api/deposit-data', {
    method: bank ? 'bank' : 'cash', bank_id: bank?.id ?? null, amount: '1.00', deposit_date: h.day(0), reference: h.ref(`DEPOSIT-${n}`), note: h.name('deposit'),
  })).id;
  const [a, b, c, d] = [await deposit(1), await deposit(2), await deposit(3), await deposit(4)];
  await h.write('agent', 'DELETE /api/delete-deposit-data/{id}', undefined, { id: a });
  await h.write('agent', 'DELETE /api/delete-deposit-data', undefined, { id: b });
  await h.write('accounts', 'PUT /api/update-deposit-status/{id}', { status: 'rejected', reason: h.name('rejected') }, { id: c });
  await h.write('accounts', 'PUT /api/update-deposit-status', { status: 'approved' }, { id: d });
}

export async function chargesAndTransactions(h: Happy, agentId: number) {
  const charge = (type: string) => ({ agent_id: agentId, type, amount: '1.00', description: h.name(type), booking_reference: null });
  await h.write('accounts', 'POST /api/save-agent-charges', charge('charge'));
  await h.write('accounts', 'POST /api/save-agent-charges', charge('refund'));
  const tx = await h.data<{ id: number }>('accounts', 'POST /api/transactions', { agent_id: agentId, direction: 'credit', amount: '1.00', description: h.name('credit') });
  await h.write('accounts', 'PUT /api/transactions/{id}', { description: h.name('credit, described again') }, { id: tx.id });
  await h.write('accounts', 'PUT /api/transactions', { description: h.name('credit, described once more') }, { id: tx.id });
  await h.write('accounts', 'POST /api/transactions', { agent_id: agentId, direction: 'debit', amount: '1.00', description: h.name('reverses the credit') });
}

export async function travellers(h: Happy) {
  const traveller = (first: string) => ({
    type: 'ADT', title: 'Mr', first_name: first, last_name: `Conformance ${h.run}`, gender: 'M', dob: '1988-02-03', nationality: 'PK',
    document_type: 'passport', document_no: 'CF1234567', expiry_date: h.day(3650), issue_country: 'PK',
  });
  const first = await h.data<{ id: number }>('agent', 'POST /api/save-travellers', traveller('Alpha'));
  let second: { id: number } | undefined;
  try {
    second = await h.data<{ id: number }>('agent', 'POST /api/save-travellers', traveller('Beta'));
    await h.write('agent', 'PUT /api/update-travellers/{id}', traveller('Gamma'), { id: first.id });
    await h.write('agent', 'PUT /api/update-travellers', traveller('Delta'), { id: second.id });
  } finally {
    await h.write('agent', 'DELETE /api/delete-travellers/{id}', undefined, { id: first.id });
    if (second) await h.write('agent', 'DELETE /api/delete-travellers', undefined, { id: second.id });
  }
}

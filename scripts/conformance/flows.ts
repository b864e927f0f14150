/**
 * Happy paths whose words the specification fixes, each leaving the server as it found it: signing in (success,
 * data.user with role and is_approved, message with status and description), a refused sign-in, a file uploaded
 * and deleted, and an agent's deposit saved and deleted.
 */
import type { Caller } from './callers';
import type { Outcome } from './checks';
import { PNG } from './happy/files';


type Step = (check: string, ok: boolean, what: string) => void;

export async function specFlows(fresh: () => Caller, agent: Caller, password: string): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const step: Step = (check, ok, what) => out.push({ ok, check, what });
  const c = fresh();
  await c.call('GET', '/sanctum/csrf-cookie');

  const login = await c.call('POST', '/api/login', { email: 'customer@demo.safar', password });
  const b = login.body as { success?: boolean; data?: { user?: { role?: string; is_approved?: unknown } }; message?: { status?: unknown; description?: unknown } };
  step('sign-in answer', login.status === 200 && b.success === true && b.data?.user?.role === 'customer' && b.data.user.is_approved !== undefined
    && typeof b.message?.status === 'string' && typeof b.message?.description === 'string',
  `POST /api/login answers success, data.user (role, is_approved) and message (status, description): got ${login.status} ${login.text.slice(0, 200)}`);

  const stranger = fresh();
  await stranger.call('GET', '/sanctum/csrf-cookie');
  const wrong = await stranger.call('POST', '/api/login', { email: 'nobody-conformance@demo.safar', password: 'not-the-password' });
  step('refused sign-in', wrong.status === 401 && typeof (wrong.body as { message?: unknown }).message !== 'undefined', `POST /api/login with a wrong password: 401 with a message, got ${wrong.status} ${wrong.text.slice(0, 160)}`);

  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'conformance.png');
  const up = await agent.call('POST', '/api/uploads', form);
  const file = (up.body as { data?: { file_name?: string }; message?: string });
  step('file uploaded', up.status === 201 && file.message === 'File Uploaded' && !!file.data?.file_name, `POST /api/uploads: 201 "File Uploaded", got ${up.status} ${up.text.slice(0, 160)}`);
  if (file.data?.file_name) {
    const del = await agent.call('DELETE', `/api/uploads/${file.data.file_name}`);
    step('file deleted', del.status === 200 && (del.body as { message?: string }).message === 'File deleted successfully', `DELETE /api/uploads/{file_name}: "File deleted successfully", got ${del.status} ${del.text.slice(0, 160)}`);
  }

  const banks = await agent.call('GET', '/api/banks');
  const bank = ((banks.body as { data?: { id: number }[] }).data ?? [])[0];
  const today = new Date().toISOString().slice(0, 10);
  const saved = await agent.call('POST', '/api/deposit-data', { method: bank ? 'bank' : 'cash', bank_id: bank?.id ?? null, amount: '1.00', deposit_date: today, reference: `CONFORMANCE-${Date.now()}` });
  const deposit = saved.body as { message?: string; data?: { id?: number; amount?: { amount?: string; currency?: string } } };
  step('deposit saved', saved.status === 201 && deposit.message === 'Deposit saved successfully' && deposit.data?.amount?.amount === '1.00',
    `POST /api/deposit-data: 201 "Deposit saved successfully" with its amount, got ${saved.status} ${saved.text.slice(0, 200)}`);
  if (deposit.data?.id) {
    const del = await agent.call('DELETE', `/api/delete-deposit-data/${deposit.data.id}`);
    step('deposit deleted', del.status === 200, `DELETE /api/delete-deposit-data/{id}: 200, got ${del.status} ${del.text.slice(0, 160)}`);
  }
  return out;
}

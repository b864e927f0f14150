/**
 * The embedded payment sandbox: a hosted checkout page per tracker (plain HTML, English and Arabic), test
 * cards, and a signed callback delivered to the same handler a real provider's callback reaches.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { toMoney } from '../../contract/money';
import { moneyText } from '../../contract/format/money';
import type { AppEnv } from '../context';
import { payments } from '../db/schema';
import type { CallbackPayload } from './provider';
import { SandboxProvider } from './provider';
import { handleCallback, paymentProvider } from './service';

export const TEST_CARDS = { success: '4242424242424242', decline: '4000000000000002' } as const;

const TXT = {
  en: {
    title: 'Safar Pay sandbox', pay: 'Pay', cancel: 'Cancel payment', amount: 'Amount to pay', card: 'Card number', expiry: 'Expiry (MM/YY)',
    cvc: 'CVC', name: 'Name on card', tests: 'Test cards', ok: 'payment succeeds', declined: 'card is declined', closed: 'This checkout is closed.',
    unknown: 'This checkout does not exist.', back: 'Back to Safar', wrongCard: 'Use one of the test cards below.', note: 'This is a test checkout: no real card is charged.',
  },
  ar: {
    title: 'بيئة اختبار الدفع من سفر', pay: 'ادفع', cancel: 'إلغاء الدفع', amount: 'المبلغ المطلوب', card: 'رقم البطاقة', expiry: 'تاريخ الانتهاء (شهر/سنة)',
    cvc: 'رمز التحقق', name: 'الاسم على البطاقة', tests: 'بطاقات الاختبار', ok: 'ينجح الدفع', declined: 'تُرفض البطاقة', closed: 'عملية الدفع هذه مغلقة.',
    unknown: 'عملية الدفع هذه غير موجودة.', back: 'العودة إلى سفر', wrongCard: 'استخدم إحدى بطاقات الاختبار أدناه.', note: 'هذه صفحة دفع تجريبية: لا تُخصم أي مبالغ حقيقية.',
  },
} as const;
type Lang = keyof typeof TXT;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function langOf(q: string | undefined, accept: string | undefined): Lang {
  if (q === 'ar' || q === 'en') return q;
  return accept?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

function page(lang: Lang, body: string): string {
  const t = TXT[lang];
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(t.title)}</title><style>
body{font-family:system-ui,"Segoe UI",Tahoma,sans-serif;background:#f1f4f8;margin:0;color:#1b2733}
main{max-width:440px;margin:48px auto;background:#fff;border-radius:12px;box-shadow:0 4px 24px #0002;padding:28px}
h1{font-size:1.25rem;margin:0 0 4px} .note{color:#5b6b7b;font-size:.85rem;margin:0 0 20px}
.amount{font-size:1.6rem;font-weight:700;margin:4px 0 20px} label{display:block;font-size:.85rem;margin:12px 0 4px;color:#3a4a5a}
input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #c5d0db;border-radius:8px;font-size:1rem}
.row{display:flex;gap:12px} .row>div{flex:1}
button{margin-block-start:20px;width:100%;padding:12px;border:0;border-radius:8px;font-size:1rem;cursor:pointer}
.pay{background:#0b6bcb;color:#fff} .cancel{background:#e9eef3;color:#1b2733;margin-block-start:10px}
.err{background:#fdecea;color:#8a1c12;padding:10px 12px;border-radius:8px} code{direction:ltr;unicode-bidi:embed}
ul{padding-inline-start:18px;font-size:.85rem;color:#3a4a5a}
</style></head><body><main>${body}</main></body></html>`;
}

export function sandboxPages() {
  const app = new Hono<AppEnv>();

  app.get('/pay/:tracker', async (c) => {
    const ctx = c.get('ctx');
    const lang = langOf(c.req.query('lang'), c.req.header('accept-language'));
    return c.html(await checkoutPage(ctx, c.req.param('tracker'), lang));
  });

  app.post('/pay/:tracker', async (c) => {
    const ctx = c.get('ctx');
    const tracker = c.req.param('tracker');
    const form = await c.req.parseBody();
    const lang = langOf(String(form.lang ?? ''), c.req.header('accept-language'));
    const [p] = await ctx.db.select().from(payments).where(eq(payments.tracker, tracker)).limit(1);
    if (!p || p.status !== 'created') return c.html(await checkoutPage(ctx, tracker, lang), p ? 409 : 404);
    let status: CallbackPayload['status'];
    if (form.action === 'cancel') status = 'canceled';
    else {
      const card = String(form.card ?? '').replace(/\D/g, '');
      if (card === TEST_CARDS.success) status = 'paid';
      else if (card === TEST_CARDS.decline) status = 'failed';
      else return c.html(await checkoutPage(ctx, tracker, lang, TXT[lang].wrongCard), 422);
    }
    // What the provider would POST to us, signed; delivered in-process to the very same handler.
    const payload: CallbackPayload = {
      tracker, status, amount: toMoney(p.amountMinor, p.currency).amount, currency: p.currency,
      provider_ref: `sbx_${randomBytes(8).toString('hex')}`, ts: Math.floor(ctx.now().getTime() / 1000),
    };
    const provider = paymentProvider(ctx);
    const signature = provider instanceof SandboxProvider ? provider.sign(payload) : '';
    await handleCallback(ctx, payload, signature);
    const qs = new URLSearchParams({ status: status === 'paid' ? 'success' : status, tracker });
    return c.redirect(`/payment-result?${qs}`, 303);
  });

  return app;
}

async function checkoutPage(ctx: AppEnv['Variables']['ctx'], tracker: string, lang: Lang, error?: string): Promise<string> {
  const t = TXT[lang];
  const [p] = await ctx.db.select().from(payments).where(eq(payments.tracker, tracker)).limit(1);
  if (!p) return page(lang, `<h1>${esc(t.title)}</h1><p class="err">${esc(t.unknown)}</p><p><a href="/">${esc(t.back)}</a></p>`);
  if (p.status !== 'created') {
    const q = new URLSearchParams({ status: p.status === 'paid' ? 'success' : p.status, tracker });
    return page(lang, `<h1>${esc(t.title)}</h1><p class="err">${esc(t.closed)}</p><p><a href="/payment-result?${q}">${esc(t.back)}</a></p>`);
  }
  const amount = moneyText(p.amountMinor, p.currency);
  const action = `/sandbox/pay/${encodeURIComponent(tracker)}`;
  return page(lang, `<h1>${esc(t.title)}</h1><p class="note">${esc(t.note)}</p>
<div>${esc(t.amount)}</div><div class="amount" data-testid="amount" dir="ltr">${esc(amount)}</div>
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="${action}">
<input type="hidden" name="lang" value="${lang}">
<label for="card">${esc(t.card)}</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" dir="ltr">
<div class="row"><div><label for="exp">${esc(t.expiry)}</label><input id="exp" name="exp" placeholder="12/30" dir="ltr"></div>
<div><label for="cvc">${esc(t.cvc)}</label><input id="cvc" name="cvc" placeholder="123" dir="ltr"></div></div>
<label for="holder">${esc(t.name)}</label><input id="holder" name="holder" autocomplete="cc-name">
<button class="pay" name="action" value="pay" type="submit">${esc(t.pay)} ${esc(amount)}</button>
<button class="cancel" name="action" value="cancel" type="submit" formnovalidate>${esc(t.cancel)}</button>
</form>
<h2 style="font-size:.95rem;margin-block-start:24px">${esc(t.tests)}</h2>
<ul><li><code>4242 4242 4242 4242</code> — ${esc(t.ok)}</li><li><code>4000 0000 0000 0002</code> — ${esc(t.declined)}</li></ul>`);
}

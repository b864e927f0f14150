export interface Mail {
  kind: string; subject: string; text: string; html: string;
  /** Files rendered when the mail is sent (server/documents/registry.ts), not stored with it. */
  attachments?: { kind: string; id: number; lang: 'en' | 'ar' }[];
  /** Written again when sent (server/mail/refresh.ts). */
  refresh?: { kind: string; id: number; lang: 'en' | 'ar'; totalMinor?: number };
}
type Locale = 'en' | 'ar';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A plain, readable layout; Arabic mails are right-to-left. */
function layout(locale: Locale, kind: string, subject: string, lines: string[], action?: { label: string; url: string }): Mail {
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const text = [...lines, ...(action ? [`${action.label}: ${action.url}`] : []), '', 'Safar'].join('\n');
  const html = `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:system-ui,sans-serif;line-height:1.5">
${lines.map((l) => `<p>${escape(l)}</p>`).join('\n')}
${action ? `<p><a href="${escape(action.url)}" style="background:#0b6bcb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p><p style="font-size:12px;color:#555">${escape(action.url)}</p>` : ''}
<p>Safar</p></body></html>`;
  return { kind, subject, text, html };
}

const T = {
  verify: {
    en: { subject: 'Verify your email address', hello: (n: string) => `Hello ${n},`, body: 'Please confirm your email address to finish setting up your Safar account. The link is valid for 60 minutes.', action: 'Verify email' },
    ar: { subject: 'تأكيد بريدك الإلكتروني', hello: (n: string) => `مرحباً ${n}،`, body: 'يرجى تأكيد بريدك الإلكتروني لإكمال إعداد حسابك في سفر. الرابط صالح لمدة 60 دقيقة.', action: 'تأكيد البريد' },
  },
  reset: {
    en: { subject: 'Reset your password', hello: (n: string) => `Hello ${n},`, body: 'We received a request to reset your password. The link is valid for 60 minutes and works once. If you did not ask for it, ignore this email.', action: 'Reset password' },
    ar: { subject: 'إعادة تعيين كلمة المرور', hello: (n: string) => `مرحباً ${n}،`, body: 'تلقينا طلباً لإعادة تعيين كلمة المرور. الرابط صالح لمدة 60 دقيقة ولمرة واحدة. إذا لم تطلب ذلك فتجاهل هذه الرسالة.', action: 'إعادة التعيين' },
  },
  welcome: {
    en: { subject: 'Welcome to Safar', hello: (n: string) => `Hello ${n},`, body: 'Your account has been created.' },
    ar: { subject: 'مرحباً بك في سفر', hello: (n: string) => `مرحباً ${n}،`, body: 'تم إنشاء حسابك.' },
  },
} as const;

const loc = (l: string | undefined): Locale => (l === 'ar' ? 'ar' : 'en');

export function verifyEmailMail(locale: string, name: string, url: string): Mail {
  const t = T.verify[loc(locale)];
  return layout(loc(locale), 'verify-email', t.subject, [t.hello(name), t.body], { label: t.action, url });
}

export function resetPasswordMail(locale: string, name: string, url: string): Mail {
  const t = T.reset[loc(locale)];
  return layout(loc(locale), 'reset-password', t.subject, [t.hello(name), t.body], { label: t.action, url });
}

/** For mails other areas write (approvals, bookings): a subject and lines in the recipient's language. */
export function simpleMail(locale: string, kind: string, subject: string, lines: string[], action?: { label: string; url: string }): Mail {
  return layout(loc(locale), kind, subject, lines, action);
}

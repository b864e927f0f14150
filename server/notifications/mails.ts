import type { NoticeKind, NoticeParams } from '../../contract/notifications';
import { formatMoney, isolate } from '../../contract/format/money';
import { formatDay } from '../../contract/format/time';
import { simpleMail, type Mail } from '../mail/templates';
import { docLang, valuesIn } from '../documents/values';

type P = NoticeParams;
type Words = { subject: (p: P) => string; line: (p: P) => string };
/** The params as the words use them: amount said as money, the hold's deadline in the rule's zone, a route's day. */
const amount = (p: P) => String(p.money);
const hhmm = (p: P) => String(p.deadline);

/** The mail beside each notice, in the recipient's language (the app words the notice itself from its locales). */
const EN: Record<NoticeKind, Words> = {
  credit_low: { subject: (p) => `Your available funds are under ${p.level}% of your credit limit`, line: (p) => `You have ${amount(p)} left to book with, under ${p.level}% of your credit limit of ${p.limit_money}. Top up your wallet to keep booking.` },
  agent_credit_low: { subject: (p) => `${p.agent} is under ${p.level}% of its credit limit`, line: (p) => `${p.agent} (${p.company}) has ${amount(p)} left, under ${p.level}% of its credit limit of ${p.limit_money}.` },
  payments_due: { subject: () => 'Payments due on your account', line: (p) => `You owe ${amount(p)} on credit (limit ${p.limit_money}) and have ${p.holds} holds expiring in the next 3 days. Top up your wallet to settle them.` },
  agents_payments_due: { subject: (p) => `Payments due: ${p.agents} agents`, line: (p) => `${p.agents} agents are at their credit limit or have holds expiring in the next 3 days: ${p.list}.` },
  agent_registered: { subject: (p) => `New agent registered: ${p.company}`, line: (p) => `${p.name} (${p.email}) registered ${p.company} as a travel agent.` },
  agent_verified: { subject: (p) => `Agent verified their email: ${p.company}`, line: (p) => `${p.name} of ${p.company} verified their email and waits for approval.` },
  deposit_submitted: { subject: (p) => `New deposit of ${amount(p)} from ${p.agent}`, line: (p) => `${p.agent} submitted a deposit of ${amount(p)} (reference ${p.reference}) for review.` },
  void_requested: { subject: (p) => `Void requested for booking ${p.pnr}`, line: (p) => `A void was requested for booking ${p.pnr} (${p.route}). Decide it before midnight of the issue day.` },
  visa_submitted: { subject: (p) => `New visa application ${p.reference}`, line: (p) => `Visa application ${p.reference} (${p.visa}, ${p.travellers} travellers) was submitted for review.` },
  agent_hold_expiring: { subject: (p) => `Agent hold ${p.pnr} expires within the hour`, line: (p) => `The hold on booking ${p.pnr} by ${p.agent} lasts ${hhmm(p)} unless it is paid.` },
  agent_approved: { subject: () => 'Your agent account has been approved', line: () => 'Your Safar agent account has been approved.' },
  deposit_approved: { subject: () => 'Your deposit has been approved', line: (p) => `Your deposit of ${amount(p)} (reference ${p.reference}) has been approved.` },
  deposit_rejected: { subject: () => 'Your deposit was not approved', line: (p) => `Your deposit of ${amount(p)} (reference ${p.reference}) was not approved.` },
  booking_ticketed: { subject: (p) => `Booking ${p.pnr} ticketed`, line: (p) => `Booking ${p.pnr} (${p.route}) is ticketed.` },
  void_approved: { subject: (p) => `Booking ${p.pnr} voided`, line: (p) => `The void of booking ${p.pnr} (${p.route}) was approved.` },
  void_rejected: { subject: (p) => `Void declined for booking ${p.pnr}`, line: (p) => `The void request for booking ${p.pnr} was declined; the ticket stands.` },
  hold_expiring: { subject: (p) => `Your hold ${p.pnr} expires within the hour`, line: (p) => `Your hold on booking ${p.pnr} (${p.route}) lasts ${hhmm(p)} unless you pay for it.` },
  refund_requested: { subject: (p) => `Refund requested for booking ${p.pnr}`, line: (p) => `A refund was requested for booking ${p.pnr} (${p.route}) after its void window.` },
  refund_approved: { subject: (p) => `Booking ${p.pnr} refunded`, line: (p) => `The refund of booking ${p.pnr} (${p.route}) was approved.` },
  refund_rejected: { subject: (p) => `Refund declined for booking ${p.pnr}`, line: (p) => `The refund request for booking ${p.pnr} was declined; the ticket stands.` },
  booking_reissued: { subject: (p) => `Booking ${p.pnr} reissued on a new date`, line: (p) => `Booking ${p.pnr} was reissued onto ${p.route}; ${amount(p)} charged for the change.` },
  reissued_by_staff: { subject: (p) => `Booking ${p.pnr} moved to a new date`, line: (p) => `Our staff changed booking ${p.pnr} onto ${p.route}; ${amount(p)} was charged to your wallet for the change.` },
  card_refund_failed: { subject: (p) => `Card refund failed for booking ${p.pnr}`, line: (p) => `The card refund of ${amount(p)} for booking ${p.pnr} was refused by the payment provider (${p.reason}). It is tried again; refund it by hand if it keeps failing.` },
  ticket_issue_failed: { subject: (p) => `Booking ${p.pnr} is paid but not ticketed`, line: (p) => `Booking ${p.pnr} (${p.route}) was paid, but the supplier did not issue its tickets (${p.reason}). Issue them with the supplier, or refund the traveller.` },
  schedule_changed: { subject: (p) => `The airline changed flight ${p.flight} of booking ${p.pnr}`, line: (p) => `The airline changed flight ${p.flight} of booking ${p.pnr}: accept it, choose another flight or ask for a refund.` },
  price_dropped: { subject: (p) => `Lower price for ${p.route}`, line: (p) => `The lowest price for ${p.route} fell to ${amount(p)}.` },
  fare_sold_out: { subject: (p) => `Your watched fare for ${p.route} sold out`, line: (p) => `The fare you watched for ${p.route} is sold out; other flights may still be on sale.` },
  airline_change: {
    subject: (p) => (p.change === 'canceled' ? `The airline canceled booking ${p.pnr}` : `The airline changed booking ${p.pnr}`),
    line: (p) => (p.change === 'canceled' ? `The airline canceled booking ${p.pnr} (${p.route}) at the supplier: tell the traveller and refund or rebook.` : `The airline changed the flights of booking ${p.pnr} (${p.route}): check the new times with the supplier and tell the traveller.`),
  },
};

const AR: Record<NoticeKind, Words> = {
  credit_low: { subject: (p) => `رصيدك المتاح أقل من ${p.level}% من حد الائتمان`, line: (p) => `تبقّى لك ${amount(p)} للحجز، وهو أقل من ${p.level}% من حد الائتمان البالغ ${p.limit_money}. اشحن محفظتك لتواصل الحجز.` },
  agent_credit_low: { subject: (p) => `${p.agent} تحت ${p.level}% من حد الائتمان`, line: (p) => `تبقّى لدى ${p.agent} (${p.company}) مبلغ ${amount(p)}، وهو أقل من ${p.level}% من حد الائتمان البالغ ${p.limit_money}.` },
  payments_due: { subject: () => 'مدفوعات مستحقة على حسابك', line: (p) => `عليك ${amount(p)} من الائتمان (الحد ${p.limit_money})، ولديك ${p.holds} من الحجوزات المؤقتة تنتهي خلال الأيام الثلاثة القادمة. اشحن محفظتك لتسويتها.` },
  agents_payments_due: { subject: (p) => `مدفوعات مستحقة: ${p.agents} من الوكلاء`, line: (p) => `${p.agents} من الوكلاء بلغوا حد الائتمان أو لديهم حجوزات مؤقتة تنتهي خلال الأيام الثلاثة القادمة: ${p.list}.` },
  agent_registered: { subject: (p) => `تسجيل وكيل جديد: ${p.company}`, line: (p) => `سجّل ${p.name} (${p.email}) شركة ${p.company} وكيلاً للسفر.` },
  agent_verified: { subject: (p) => `وكيل أكّد بريده: ${p.company}`, line: (p) => `أكّد ${p.name} من ${p.company} بريده الإلكتروني وينتظر الموافقة.` },
  deposit_submitted: { subject: (p) => `إيداع جديد بمبلغ ${amount(p)} من ${p.agent}`, line: (p) => `أرسل ${p.agent} إيداعاً بمبلغ ${amount(p)} (المرجع ${p.reference}) للمراجعة.` },
  void_requested: { subject: (p) => `طلب إلغاء تذكرة الحجز ${p.pnr}`, line: (p) => `طُلب إلغاء تذكرة الحجز ${p.pnr} (${p.route}). يجب البت فيه قبل منتصف ليل يوم الإصدار.` },
  visa_submitted: { subject: (p) => `طلب تأشيرة جديد ${p.reference}`, line: (p) => `قُدّم طلب التأشيرة ${p.reference} (${p.visa}، ${p.travellers} مسافرين) للمراجعة.` },
  agent_hold_expiring: { subject: (p) => `حجز الوكيل ${p.pnr} ينتهي خلال ساعة`, line: (p) => `يبقى حجز ${p.agent} رقم ${p.pnr} قائماً ${hhmm(p)} ما لم يُدفع.` },
  agent_approved: { subject: () => 'تمت الموافقة على حساب الوكيل', line: () => 'تمت الموافقة على حساب الوكيل الخاص بك في سفر.' },
  deposit_approved: { subject: () => 'تمت الموافقة على إيداعك', line: (p) => `تمت الموافقة على إيداعك بمبلغ ${amount(p)} (المرجع ${p.reference}).` },
  deposit_rejected: { subject: () => 'لم تتم الموافقة على إيداعك', line: (p) => `لم تتم الموافقة على إيداعك بمبلغ ${amount(p)} (المرجع ${p.reference}).` },
  booking_ticketed: { subject: (p) => `صدرت تذكرة الحجز ${p.pnr}`, line: (p) => `صدرت تذكرة الحجز ${p.pnr} (${p.route}).` },
  void_approved: { subject: (p) => `أُلغيت تذكرة الحجز ${p.pnr}`, line: (p) => `تمت الموافقة على إلغاء تذكرة الحجز ${p.pnr} (${p.route}).` },
  void_rejected: { subject: (p) => `رُفض طلب الإلغاء ${p.pnr}`, line: (p) => `رُفض طلب إلغاء تذكرة الحجز ${p.pnr}؛ التذكرة سارية.` },
  hold_expiring: { subject: (p) => `حجزك ${p.pnr} ينتهي خلال ساعة`, line: (p) => `يبقى حجزك رقم ${p.pnr} (${p.route}) قائماً ${hhmm(p)} ما لم تدفع.` },
  refund_requested: { subject: (p) => `طلب استرداد الحجز ${p.pnr}`, line: (p) => `طُلب استرداد الحجز ${p.pnr} (${p.route}) بعد انتهاء مهلة الإلغاء.` },
  refund_approved: { subject: (p) => `تم استرداد الحجز ${p.pnr}`, line: (p) => `تمت الموافقة على استرداد الحجز ${p.pnr} (${p.route}).` },
  refund_rejected: { subject: (p) => `رُفض طلب استرداد الحجز ${p.pnr}`, line: (p) => `رُفض طلب استرداد الحجز ${p.pnr}؛ التذكرة سارية.` },
  booking_reissued: { subject: (p) => `أُعيد إصدار الحجز ${p.pnr} بتاريخ جديد`, line: (p) => `أُعيد إصدار الحجز ${p.pnr} على ${p.route}؛ وخُصم ${amount(p)} مقابل التغيير.` },
  reissued_by_staff: { subject: (p) => `نُقل الحجز ${p.pnr} إلى موعد جديد`, line: (p) => `غيّر موظفونا الحجز ${p.pnr} إلى ${p.route}؛ وخُصم ${amount(p)} من محفظتك مقابل التغيير.` },
  card_refund_failed: { subject: (p) => `تعذّر استرداد البطاقة للحجز ${p.pnr}`, line: (p) => `رفض مزوّد الدفع استرداد ${amount(p)} إلى البطاقة للحجز ${p.pnr} (${p.reason}). ستُعاد المحاولة؛ أعِد المبلغ يدوياً إن استمر الرفض.` },
  ticket_issue_failed: { subject: (p) => `الحجز ${p.pnr} مدفوع لكن تذاكره لم تصدر`, line: (p) => `دُفع الحجز ${p.pnr} (${p.route}) لكن المورّد لم يُصدر تذاكره (${p.reason}). أصدرها لدى المورّد أو أعِد المبلغ للمسافر.` },
  schedule_changed: { subject: (p) => `غيّرت شركة الطيران الرحلة ${p.flight} في الحجز ${p.pnr}`, line: (p) => `غيّرت شركة الطيران الرحلة ${p.flight} في الحجز ${p.pnr}: اقبل التغيير أو اختر رحلة أخرى أو اطلب الاسترداد.` },
  price_dropped: { subject: (p) => `سعر أقل لرحلة ${p.route}`, line: (p) => `انخفض أدنى سعر لرحلة ${p.route} إلى ${amount(p)}.` },
  fare_sold_out: { subject: (p) => `نفدت الأجرة التي تتابعها لرحلة ${p.route}`, line: (p) => `نفدت الأجرة التي تتابعها لرحلة ${p.route}؛ وقد تبقى رحلات أخرى متاحة للبيع.` },
  airline_change: {
    subject: (p) => (p.change === 'canceled' ? `ألغت شركة الطيران الحجز ${p.pnr}` : `غيّرت شركة الطيران الحجز ${p.pnr}`),
    line: (p) => (p.change === 'canceled' ? `ألغت شركة الطيران الحجز ${p.pnr} (${p.route}) لدى المورّد: أبلغ المسافر واسترد المبلغ أو أعد الحجز.` : `غيّرت شركة الطيران رحلات الحجز ${p.pnr} (${p.route}): راجع المواعيد الجديدة لدى المورّد وأبلغ المسافر.`),
  },
};

/**
 * The params in the reader's words: money through the one formatter, the hold's end as a deadline (written now),
 * a route's day as a day; in Arabic each value isolated, so a Latin PNR, route or amount keeps its order.
 */
function worded(params: P, lang: 'en' | 'ar', now: Date): P {
  const say = valuesIn(lang);
  const out: P = { ...params };
  if (params.amount !== undefined) out.money = formatMoney({ amount: String(params.amount), currency: String(params.currency ?? 'PKR') });
  if (params.limit !== undefined) out.limit_money = formatMoney({ amount: String(params.limit), currency: String(params.currency ?? 'PKR') });
  if (params.expires_at !== undefined) out.deadline = say.deadline(String(params.expires_at), now);
  if (params.route !== undefined) out.route = String(params.route).replace(/\d{4}-\d{2}-\d{2}/g, (d) => formatDay(d, lang, { weekday: false }));
  if (lang === 'ar') for (const k of Object.keys(out)) if (k !== 'deadline') out[k] = isolate(String(out[k]));
  return out;
}

export function noticeMail(locale: string, name: string, kind: NoticeKind, params: NoticeParams, url: string, now: Date): Mail {
  const lang = docLang(locale);
  const ar = lang === 'ar';
  const w = (ar ? AR : EN)[kind];
  const p = worded(params, lang, now);
  return simpleMail(lang, `notice-${kind.replace(/_/g, '-')}`, w.subject(p), [ar ? `مرحباً ${name}،` : `Hello ${name},`, w.line(p)], { label: ar ? 'فتح' : 'Open', url });
}

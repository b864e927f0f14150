/**
 * The insurance policy as a PDF (server/documents renders it): the plan and its cover, the dates, every insured
 * traveller with the premium, and what was paid. Only an issued policy has one; its mail attaches it.
 */
import { formatMoney } from '../../contract/format/money';
import type { PolicyTraveller } from '../../contract/insurance';
import { titleText } from '../../contract/titles';
import type { DocLang, DocumentModel } from '../documents/model';
import { fileName, registerDocument } from '../documents/registry';
import { words } from '../documents/strings';
import { valuesIn } from '../documents/values';
import { loadPolicy, type PolicyRow, type SoldPlan } from './service';

const W = {
  en: {
    title: 'Travel insurance policy', number: 'Policy number', plan: 'Plan', cover: 'Medical cover', region: 'Region',
    period: 'Period of cover', days: (n: number) => `${n} day(s)`, insured: 'Insured travellers', dob: 'Date of birth', passport: 'Passport',
    premium: 'Premium', total: 'Total paid', benefits: 'Benefits', issued: 'Issued', status: { issued: 'Issued', pending_payment: 'Awaiting payment', expired: 'Expired', canceled: 'Canceled' } as Record<string, string>,
    regions: { pakistan: 'Pakistan', 'middle-east': 'Middle East', asia: 'Asia', 'europe-schengen': 'Europe (Schengen)', 'worldwide-ex-us': 'Worldwide except the USA', worldwide: 'Worldwide' } as Record<string, string>,
    notes: ['Carry this policy while you travel and show it to the embassy or the hospital when asked.', 'In an emergency, call the assistance number on the insurer\'s card and quote the policy number.'],
  },
  ar: {
    title: 'وثيقة تأمين السفر', number: 'رقم الوثيقة', plan: 'الخطة', cover: 'التغطية الطبية', region: 'المنطقة',
    period: 'مدة التغطية', days: (n: number) => `${n} يوم`, insured: 'المسافرون المؤمَّن عليهم', dob: 'تاريخ الميلاد', passport: 'جواز السفر',
    premium: 'القسط', total: 'المبلغ المدفوع', benefits: 'المزايا', issued: 'تاريخ الإصدار', status: { issued: 'صادرة', pending_payment: 'بانتظار الدفع', expired: 'منتهية', canceled: 'ملغاة' } as Record<string, string>,
    regions: { pakistan: 'باكستان', 'middle-east': 'الشرق الأوسط', asia: 'آسيا', 'europe-schengen': 'أوروبا (شنغن)', 'worldwide-ex-us': 'العالم باستثناء الولايات المتحدة', worldwide: 'العالم كله' } as Record<string, string>,
    notes: ['احمل هذه الوثيقة أثناء سفرك وقدّمها للسفارة أو المستشفى عند الطلب.', 'في حالات الطوارئ، اتصل برقم المساعدة على بطاقة شركة التأمين واذكر رقم الوثيقة.'],
  },
};

export function policyModel(row: PolicyRow, lang: DocLang): DocumentModel {
  const w = W[lang];
  const doc = words(lang);
  const say = valuesIn(lang);
  const money = (m: { amount: string; currency: string }) => say.ltr(formatMoney(m));
  const plan = row.plan as SoldPlan;
  const travellers = row.travellers as PolicyTraveller[];
  return {
    title: w.title,
    subject: `${w.title} ${row.policyNumber}`,
    reference: { label: w.number, value: row.policyNumber },
    issuer: doc.issuer,
    status: w.status[row.status] ?? row.status,
    footer: doc.footer,
    blocks: [
      {
        kind: 'rows', title: w.plan, rows: [
          { label: w.plan, value: (lang === 'ar' && plan.name_ar) || plan.name },
          { label: w.cover, value: money(plan.coverage) },
          { label: w.region, value: w.regions[row.region] ?? row.region },
          { label: w.period, value: `${say.day(row.startDate)} – ${say.day(row.endDate)} (${w.days(row.days)})` },
          { label: w.issued, value: row.issuedAt ? say.dayOf(row.issuedAt) : '—' },
          { label: doc.contact, value: `${say.ltr(row.contactEmail)} · ${say.ltr(row.contactPhone)}` },
        ],
      },
      {
        kind: 'table', title: w.insured, columns: ['#', doc.name, w.dob, w.passport, w.premium], widths: [0.4, 3, 1.4, 1.4, 1.6],
        rows: travellers.map((t, i) => [String(i + 1), `${titleText(t.title, lang)} ${t.first_name} ${t.last_name}`, say.day(t.date_of_birth, { weekday: false }), say.ltr(t.passport_number), money(t.premium)]),
      },
      // The plan's Arabic benefits where staff wrote them, else the English ones.
      ...(plan.benefits.length ? [{ kind: 'notes' as const, title: w.benefits, lines: (lang === 'ar' && plan.benefits_ar?.length ? plan.benefits_ar : plan.benefits) }] : []),
      { kind: 'totals', rows: [{ label: w.total, value: say.money(row.totalMinor, row.currency), strong: true }] },
      { kind: 'notes', lines: w.notes },
    ],
  };
}

/** Only an issued policy is a document; an unpaid one has none yet. */
registerDocument('insurance-policy', async (ctx, id) => {
  const row = await loadPolicy(ctx.db, id);
  return row && row.status === 'issued' ? row : null;
}, (row, lang) => ({ model: policyModel(row, lang), filename: fileName('policy', row.policyNumber, lang) }));

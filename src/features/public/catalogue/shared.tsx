import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordOf } from '../../../ui/records';
import { Link } from 'wouter';
import { MoneyText } from '../../../ui/format';
import { listHeaderImages } from '../api';
import type { Money } from '../../../../contract/money';
import './catalogue-public.css';

/** The title in the reader's language when the item has one. */
export function useLocalized() {
  const { i18n } = useTranslation();
  return (en: string, ar: string | null | undefined) => (i18n.language === 'ar' && ar ? ar : en);
}

export const idFromQuery = () => new URLSearchParams(window.location.search).get('id');

/** Page hero over the catalogue's header images (they change every few seconds). */
export function HeaderHero({ catalogue, eyebrow, title, lead, children }: { catalogue: 'visa' | 'holiday' | 'umrah' | null; eyebrow: ReactNode; title: ReactNode; lead?: string; children?: ReactNode }) {
  const { i18n } = useTranslation();
  const side = i18n.dir() === 'rtl' ? 'to left' : 'to right';
  const { data } = useRecordOf(catalogue ? (signal) => listHeaderImages(catalogue, signal).then((data) => ({ data })) : null, catalogue ?? '');
  const [i, setI] = useState(0);
  const images = data ?? [];
  useEffect(() => {
    if (images.length < 2) return;
    const timer = setInterval(() => setI((n) => (n + 1) % images.length), 6000);
    return () => clearInterval(timer);
  }, [images.length]);
  const bg = images[i % Math.max(1, images.length)]?.url;
  return (
    <section className="cat-hero" style={bg ? { backgroundImage: `linear-gradient(${side}, rgba(7,40,45,.8), rgba(7,40,45,.35)), url(${bg})` } : undefined} data-testid="cat-hero">
      <div className="cat-hero-inner">
        <p className="eyebrow eyebrow-light">{eyebrow}</p>
        <h1>{title}</h1>
        {lead ? <p className="cat-hero-lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

export function PriceFrom({ value }: { value: Money }) {
  const { t } = useTranslation();
  return <span className="price-from"><span className="muted">{t('catalogue.from')}</span> <MoneyText value={value} /></span>;
}

/**
 * A catalogue card. `first`: the list's first card, whose image is the page's largest paint on a phone; it is
 * fetched at once and ahead of the others (which stay lazy, so they do not compete with it for the network).
 */
export function Card({ href, image, flag = null, first = false, children }: { href: string; image: string | null; flag?: string | null; first?: boolean; children: ReactNode }) {
  // Without a picture of its own, a visa card shows its country's flag whole on the empty card's background:
  // a small flag stretched to cover the 16:9 box is blurred and cut.
  const src = image ?? flag;
  return (
    <Link href={href} className="cat-card card">
      {src ? <img className={image ? 'cat-card-img' : 'cat-card-img cat-card-img-empty cat-card-flag'} src={src} alt="" loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : 'auto'} decoding="async" width={640} height={360} /> : <span className="cat-card-img cat-card-img-empty" aria-hidden="true" />}
      <span className="cat-card-body">{children}</span>
    </Link>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return <p className="muted cat-loading"><span className="spinner" aria-hidden="true" /> {t('common.loading')}</p>;
}
export function Empty({ text }: { text: string }) {
  return <p className="card cat-empty">{text}</p>;
}
/** A list or item that could not be loaded: say so where it would have been, with a way to ask again. */
export function LoadFailed({ text, onRetry }: { text?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="card cat-empty" role="alert">
      <p>{text ?? t('catalogue.loadFailed')}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>{t('catalogue.retry')}</button>
    </div>
  );
}

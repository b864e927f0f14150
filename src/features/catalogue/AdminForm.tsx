import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect, SelectInput, TextArea, TextInput } from '../../ui/fields';
import { PageHeader } from '../../ui/page';
import { useResourceForm } from '../../ui/forms';
import { translateServer } from '../../i18n';
import { ImageField } from './ImageField';
import { LeaveQuestion } from './LeaveQuestion';
import { RichText } from './RichText';
import { formCells, formValues, payload, RESOURCES, type FieldDef } from './resources';
import { catalogueCalls } from './api';
import './catalogue.css';

type Values = Record<string, unknown>;

/**
 * New and update screens of a catalogue resource, on the resource-form machine: the values are checked with the
 * contract's schema before anything is sent, each message (the client's or the server's) stays beside its field
 * until that field is right, and leaving with unsaved changes asks first.
 */
export function AdminForm({ resource, mode }: { resource: string; mode: 'create' | 'edit' }) {
  const res = RESOURCES[resource];
  const { t } = useTranslation();
  const param = mode === 'edit' ? new URLSearchParams(window.location.search).get('id') : null;
  // Items keyed by a code (airlines, airports) keep it as text; the others have numeric ids.
  const id = param == null ? null : res.idKey ? param : Number(param);
  const calls = useMemo(() => catalogueCalls(res), [res]);
  const form = useResourceForm<Values>({
    schema: res.schema,
    toBody: (values) => payload(res, values),
    load: (itemId, signal) => calls.get(itemId!, signal).then((item) => formValues(res, item)),
    save: (input, signal) => calls.save(input, signal),
  }, { id, values: formValues(res, null), after: res.list });
  const { values, errors, set, send, snapshot } = form;
  const saving = snapshot.matches('validating') || snapshot.matches('saving');
  const leave = () => send({ type: 'LEAVE', to: res.list });
  const label = (f: FieldDef) => t(`catalogue.fields.${f.name}`);
  // A refused save brings its first message into view: the form is long and Save is far below most fields.
  const formRef = useRef<HTMLFormElement>(null);
  const failure = snapshot.context.failure;
  useEffect(() => {
    if (!failure || !Object.keys(failure.fieldErrors).length) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .field-error');
    first?.scrollIntoView?.({ block: 'center' });
    if (first?.matches('input, select, textarea')) first.focus({ preventScroll: true });
  }, [failure]);

  function renderField(f: FieldDef, twinned = false) {
    const common = { name: f.name, label: label(f), error: errors[f.name] ?? errors[`${f.name}.0`], required: f.required };
    const value = values[f.name];
    const change = set(f.name);
    switch (f.kind) {
      case 'rich': return <RichText {...common} value={String(value ?? '')} onChange={change} lang={f.arabic ? 'ar' : twinned ? 'en' : undefined} />;
      case 'image': return <ImageField {...common} value={String(value ?? '')} onChange={change} />;
      case 'textarea': return <TextArea {...common} value={String(value ?? '')} onChange={change} />;
      case 'lines': return <TextArea {...common} value={(value as string[]).join('\n')} onChange={(s) => change(s.split('\n'))} />;
      case 'select': return <SelectInput {...common} value={String(value ?? '')} onChange={change} placeholder={f.nullable ? t('catalogue.none') : undefined} options={(f.options ?? []).map((o) => ({ value: o, label: t(`${f.optionKey}.${o}`) }))} />;
      case 'country': return <CountrySelect {...common} value={String(value ?? '')} onChange={change} />;
      case 'bool': return (
        <label className="check-field" data-field={f.name}>
          <input type="checkbox" name={f.name} checked={!!value} onChange={(e) => change(e.target.checked)} /> <span>{label(f)}</span>
          {common.error ? <span className="field-error" role="alert">{translateServer(common.error)}</span> : null}
        </label>
      );
      case 'multi': return (
        <fieldset className="field multi-field" data-field={f.name}>
          <legend className="field-label">{label(f)}</legend>
          <div className="multi-options">
            {(f.options ?? []).map((o) => (
              <label key={o} className="check-field">
                <input type="checkbox" checked={(value as string[]).includes(o)} onChange={(e) => change(e.target.checked ? [...(value as string[]), o] : (value as string[]).filter((x) => x !== o))} /> <span>{t(`${f.optionKey}.${o}`)}</span>
              </label>
            ))}
          </div>
          {common.error ? <span className="field-error" role="alert">{translateServer(common.error)}</span> : null}
        </fieldset>
      );
      default: return (
        <TextInput {...common} value={String(value ?? '')} onChange={change} readOnly={f.createOnly && mode === 'edit'} dir={f.arabic ? 'rtl' : f.dir ?? (f.kind === 'text' ? 'auto' : 'ltr')}
          type={f.kind === 'date' ? 'date' : f.kind === 'time' ? 'time' : 'text'} inputMode={f.kind === 'money' ? 'decimal' : f.kind === 'number' ? 'numeric' : undefined} />
      );
    }
  }

  const title = mode === 'edit' ? t(`${res.key}.editTitle`) : t(`${res.key}.new`);
  return (
    <div className="catalogue-admin">
      <PageHeader title={title} actions={<button type="button" className="btn btn-ghost" onClick={leave}>{t('catalogue.back')}</button>} />
      {form.loading ? <p className="muted"><span className="spinner" aria-hidden="true" /> {t('common.loading')}</p> : null}
      {form.loadFailed ? (
        <div className="card state-card"><p>{t('catalogue.loadFailed')}</p><button type="button" className="btn btn-secondary" onClick={() => send({ type: 'RETRY' })}>{t('catalogue.retry')}</button></div>
      ) : (
        <form ref={formRef} className="card catalogue-form" noValidate aria-busy={form.loading} onSubmit={form.submit}>
          {res.formHint ? <p className="muted form-hint">{t(res.formHint)}</p> : null}
          <div className="form-grid">
            {formCells(res.fields).map(([f, arabic]) => arabic
              ? <div key={f.name} className="span-all lang-pair">{renderField(f, true)}{renderField(arabic)}</div>
              : <div key={f.name} className={f.wide || f.kind === 'rich' ? 'span-all' : undefined}>{renderField(f)}</div>)}
          </div>
          {snapshot.matches('confirmingLeave') ? <LeaveQuestion onLeave={() => send({ type: 'CONFIRM' })} onStay={() => send({ type: 'CANCEL' })} /> : (
            <div className="button-row">
              <button type="submit" className="btn btn-primary" disabled={form.busy}>{saving ? <><span className="spinner" aria-hidden="true" /> {t('common.pleaseWait')}</> : t('catalogue.save')}</button>
              <button type="button" className="btn btn-secondary" onClick={leave}>{t('catalogue.cancel')}</button>
            </div>
          )}
        </form>
      )}
    </div>
  );
}

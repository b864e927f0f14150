import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import * as v from 'valibot';
import { useTranslation } from 'react-i18next';
import { translateServer } from '../i18n';
import './form.css';

/**
 * Form helpers: values stay in the screen (kept on error), client checks use the contract's valibot
 * schemas (the same messages the server sends), and each field shows one message under it.
 */

import { firstIssues } from './issues';
import { recheck } from '../../machines/field-errors';
export { firstIssues };

const errorsOf = (schema: v.GenericSchema, values: unknown) => {
  const result = v.safeParse(schema, values);
  return result.success ? {} : firstIssues(result.issues);
};

export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  // The schema of the last submit: each change checks the values with it again, so a message follows its field.
  const [checked, setChecked] = useState<v.GenericSchema | null>(null);
  // A server's message on a field hides once the user edits it, until the next submit.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());

  function field(name: keyof T & string, serverErrors: Record<string, string> = {}) {
    const message = clientErrors[name] ?? (edited.has(name) ? undefined : serverErrors[name]);
    return {
      name,
      value: values[name],
      onChange: (value: string) => {
        const next = { ...values, [name]: value };
        setValues(next);
        if (checked) setClientErrors((shown) => recheck(shown, values, next, (x) => errorsOf(checked, x)));
        setEdited((old) => new Set(old).add(name));
      },
      error: message,
    };
  }

  /** Validate with the schema; only a valid form reaches `onValid`. */
  function submit<S extends v.GenericSchema>(schema: S, onValid: (output: v.InferOutput<S>) => void) {
    return (e: FormEvent) => {
      e.preventDefault();
      setEdited(new Set());
      setChecked(schema);
      const result = v.safeParse(schema, values);
      setClientErrors(result.success ? {} : firstIssues(result.issues));
      if (result.success) onValid(result.output);
    };
  }
  return { values, setValues, field, submit };
}

interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  description?: ReactNode;
  autoFocus?: boolean;
  isReadOnly?: boolean;
}

export function Field({ error, label, description, ...props }: FieldProps) {
  return (
    <TextField {...props} isInvalid={!!error} validationBehavior="aria" className="field">
      <Label className="field-label">{label}</Label>
      <Input className="field-input" dir="auto" />
      {description && !error ? <Text slot="description" className="field-description">{description}</Text> : null}
      <FieldError className="field-error">{error ? translateServer(error) : null}</FieldError>
    </TextField>
  );
}

export function SubmitButton({ isLoading, children }: { isLoading: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" className="btn btn-primary btn-block" isDisabled={isLoading} isPending={isLoading}>
      {isLoading ? (
        <>
          <span className="spinner" aria-hidden="true" />
          <span>{t('common.pleaseWait')}</span>
        </>
      ) : (
        children
      )}
    </Button>
  );
}

import { Link, useSearch } from 'wouter';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN, ResetPasswordInput } from '../../../contract/auth';
import { sendAuth } from '../../app/auth';
import type { ScreenProps } from '../../app/screen';
import { Field, SubmitButton, useForm } from '../../ui/form';
import { useAuthForm } from './useAuthForm';

/** Opened from the emailed link /auth/password-reset/{token}?email=… */
export default function ResetPassword({ params }: ScreenProps) {
  const { t } = useTranslation();
  const search = new URLSearchParams(useSearch());
  const { isLoading, serverErrors } = useAuthForm();
  const form = useForm({ token: params.token ?? '', email: search.get('email') ?? '', password: '', password_confirmation: '' });
  return (
    <>
      <h1>{t('auth.reset.title')}</h1>
      <p className="lead">{t('auth.reset.lead')}</p>
      <Form className="form" validationBehavior="aria" onSubmit={form.submit(ResetPasswordInput, (input) => sendAuth({ type: 'RESET', input }))}>
        <Field {...form.field('email', { ...serverErrors, email: serverErrors.email ?? serverErrors.token })} label={t('auth.fields.email')} type="email" autoComplete="username" />
        <Field {...form.field('password', serverErrors)} label={t('auth.fields.newPassword')} type="password" autoComplete="new-password" autoFocus description={t('auth.fields.passwordHint', { min: PASSWORD_MIN })} />
        <Field {...form.field('password_confirmation', serverErrors)} label={t('auth.fields.passwordConfirmation')} type="password" autoComplete="new-password" />
        <SubmitButton isLoading={isLoading}>{t('auth.reset.submit')}</SubmitButton>
      </Form>
      <p className="auth-footer">
        <Link href="/auth/forgot-password">{t('auth.reset.newLink')}</Link>
      </p>
    </>
  );
}

import { Link } from 'wouter';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordInput } from '../../../contract/auth';
import { sendAuth } from '../../app/auth';
import { Field, SubmitButton, useForm } from '../../ui/form';
import { useAuthForm } from './useAuthForm';

export default function ForgotPassword() {
  const { t } = useTranslation();
  const { isLoading, serverErrors } = useAuthForm();
  const form = useForm({ email: '' });
  return (
    <>
      <h1>{t('auth.forgot.title')}</h1>
      <p className="lead">{t('auth.forgot.lead')}</p>
      <Form className="form" validationBehavior="aria" onSubmit={form.submit(ForgotPasswordInput, (input) => sendAuth({ type: 'FORGOT', input }))}>
        <Field {...form.field('email', serverErrors)} label={t('auth.fields.email')} type="email" autoComplete="email" autoFocus />
        <SubmitButton isLoading={isLoading}>{t('auth.forgot.submit')}</SubmitButton>
      </Form>
      <p className="auth-footer">
        <Link href="/auth/login">{t('auth.forgot.back')}</Link>
      </p>
    </>
  );
}

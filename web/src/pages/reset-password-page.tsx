import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { apiRequest } from '../api/client.ts';
import { PublicLayout } from '../components/app-layout.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { useToast } from '../hooks/use-toast.tsx';
import { validateNewPassword } from '../lib/auth-validation.ts';
import type { FieldErrors } from '../lib/auth-validation.ts';
import { describeError } from '../lib/error-text.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);

  const check = useQuery<{ valid: boolean }>({
    queryKey: [`/api/check-reset-token?token=${encodeURIComponent(token)}`],
    enabled: token !== '' && !user,
  });
  const reset = useMutation({
    mutationFn: () => apiRequest('POST', '/api/reset-password', { token, newPassword: values.newPassword }),
    onSuccess: () => setDone(true),
    onError: (error) => toast({ title: t('reset.failed'), description: describeError(t, error, 'reset.failedText'), variant: 'destructive' }),
  });

  if (isLoading) return <Spinner fullPage />;
  if (user) return <Navigate to="/" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateNewPassword(values);
    setErrors(problems);
    if (Object.keys(problems).length === 0) reset.mutate();
  };

  const invalid = token === '' || check.isError || (check.data && !check.data.valid);
  return (
    <PublicLayout title={t('reset.title')}>
      <div className="container narrow">
        <div className="card">
          <h1>{t('reset.title')}</h1>
          {token !== '' && check.isLoading ? (
            <Spinner label={t('reset.checking')} />
          ) : done ? (
            <div className="notice notice-success" role="status">
              <p>{t('reset.success')}</p>
              <Link to="/auth" className="button button-primary">
                {t('verify.toLogin')}
              </Link>
            </div>
          ) : invalid ? (
            <div className="notice notice-danger" role="alert">
              <p>{t('reset.invalid')}</p>
              <Link to="/forgot-password">{t('reset.requestNew')}</Link>
            </div>
          ) : (
            <form onSubmit={submit} noValidate>
              <div className="field">
                <label htmlFor="new-password">{t('reset.newPassword')}</label>
                <input
                  id="new-password"
                  type="password"
                  autoComplete="new-password"
                  className={errors.newPassword ? 'input invalid' : 'input'}
                  value={values.newPassword}
                  onChange={(event) => setValues({ ...values, newPassword: event.target.value })}
                />
                {errors.newPassword && (
                  <p className="field-error" role="alert">
                    {t(errors.newPassword)}
                  </p>
                )}
              </div>
              <div className="field">
                <label htmlFor="confirm-new-password">{t('reset.confirmNewPassword')}</label>
                <input
                  id="confirm-new-password"
                  type="password"
                  autoComplete="new-password"
                  className={errors.confirmNewPassword ? 'input invalid' : 'input'}
                  value={values.confirmNewPassword}
                  onChange={(event) => setValues({ ...values, confirmNewPassword: event.target.value })}
                />
                {errors.confirmNewPassword && (
                  <p className="field-error" role="alert">
                    {t(errors.confirmNewPassword)}
                  </p>
                )}
              </div>
              <button type="submit" className="button button-primary button-block" disabled={reset.isPending}>
                {reset.isPending ? t('common.saving') : t('reset.submit')}
              </button>
            </form>
          )}
          <p className="auth-links">
            <Link to="/landing">{t('common.backHome')}</Link>
          </p>
        </div>
      </div>
    </PublicLayout>
  );
}

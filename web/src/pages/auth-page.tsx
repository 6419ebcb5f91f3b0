import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { PublicLayout } from '../components/app-layout.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { validateLogin, validateRegister } from '../lib/auth-validation.ts';
import type { FieldErrors } from '../lib/auth-validation.ts';

function Field({
  id,
  label,
  type = 'text',
  value,
  onChange,
  error,
  autoComplete,
}: {
  id: string;
  label: string;
  type?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type={type}
        className={error ? 'input invalid' : 'input'}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {t(error)}
        </p>
      )}
    </div>
  );
}

function LoginForm() {
  const { t } = useTranslation();
  const { login, loginPending } = useAuth();
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateLogin(values);
    setErrors(problems);
    if (Object.keys(problems).length === 0) void login(values).catch(() => undefined);
  };
  return (
    <form onSubmit={submit} noValidate className="auth-form" aria-label={t('auth.login')}>
      <Field
        id="login-username"
        label={t('auth.username')}
        value={values.username}
        onChange={(username) => setValues({ ...values, username })}
        error={errors.username}
        autoComplete="username"
      />
      <Field
        id="login-password"
        label={t('auth.password')}
        type="password"
        value={values.password}
        onChange={(password) => setValues({ ...values, password })}
        error={errors.password}
        autoComplete="current-password"
      />
      <button type="submit" className="button button-primary button-block" disabled={loginPending}>
        {loginPending ? t('auth.loggingIn') : t('auth.loginButton')}
      </button>
      <p className="auth-links">
        <Link to="/forgot-password">{t('auth.forgotPassword')}</Link>
      </p>
    </form>
  );
}

function RegisterForm() {
  const { t } = useTranslation();
  const { register, registerPending } = useAuth();
  const [values, setValues] = useState({ username: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof values) => (value: string) => setValues({ ...values, [field]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validateRegister(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const { confirmPassword: _confirm, ...body } = values;
    void register(body).catch(() => undefined);
  };
  return (
    <form onSubmit={submit} noValidate className="auth-form" aria-label={t('auth.register')}>
      <Field
        id="register-username"
        label={t('auth.username')}
        value={values.username}
        onChange={set('username')}
        error={errors.username}
        autoComplete="username"
      />
      <Field id="register-email" label={t('auth.email')} type="email" value={values.email} onChange={set('email')} error={errors.email} autoComplete="email" />
      <Field
        id="register-password"
        label={t('auth.password')}
        type="password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        autoComplete="new-password"
      />
      <Field
        id="register-confirm"
        label={t('auth.confirmPassword')}
        type="password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
        autoComplete="new-password"
      />
      <button type="submit" className="button button-primary button-block" disabled={registerPending}>
        {registerPending ? t('auth.registering') : t('auth.registerButton')}
      </button>
    </form>
  );
}

export function AuthPage() {
  const { t } = useTranslation();
  const { user, isLoading } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'register' ? 'register' : 'login';
  if (isLoading) return <Spinner fullPage />;
  if (user) return <Navigate to="/home" replace />;
  const select = (next: 'login' | 'register') => {
    const copy = new URLSearchParams(params);
    if (next === 'register') copy.set('tab', 'register');
    else copy.delete('tab');
    setParams(copy, { replace: true });
  };
  return (
    <PublicLayout title={t(tab === 'login' ? 'auth.login' : 'auth.register')}>
      <div className="auth-layout container">
        <div className="card auth-card">
          <h1 className="auth-title">{t('auth.title')}</h1>
          <div className="tabs" role="tablist">
            <button type="button" role="tab" aria-selected={tab === 'login'} className={tab === 'login' ? 'tab active' : 'tab'} onClick={() => select('login')}>
              {t('auth.login')}
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'register'}
              className={tab === 'register' ? 'tab active' : 'tab'}
              onClick={() => select('register')}
            >
              {t('auth.register')}
            </button>
          </div>
          {tab === 'login' ? <LoginForm /> : <RegisterForm />}
        </div>
        <aside className="auth-aside">
          <h2>{t('auth.aside.title')}</h2>
          <p>{t('auth.aside.text')}</p>
          <ul className="check-list light">
            <li>{t('auth.aside.point1')}</li>
            <li>{t('auth.aside.point2')}</li>
            <li>{t('auth.aside.point3')}</li>
          </ul>
        </aside>
      </div>
    </PublicLayout>
  );
}

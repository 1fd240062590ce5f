import { api, errorMessage, STORAGE_KEYS, storeTokens, type SessionTokens } from '@hf/app-kit';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { wasAutoLoggedOut, wasSessionEnded } from '../session/session';
import { AuthCard, FormError } from './AuthCard';
import { AuthField, EmailField, SubmitButton } from './AuthField';
import { AUTH_TEXTS } from './texts';
import { useAuthSubmit } from './use-auth-submit';

export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => localStorage.getItem(STORAGE_KEYS.rememberedEmail) ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => localStorage.getItem(STORAGE_KEYS.rememberedEmail) !== null);
  const { error, submitting, submit } = useAuthSubmit((err) => {
    setPassword('');
    return errorMessage(err, AUTH_TEXTS.loginFailed);
  });
  const [inactivityNotice] = useState(wasAutoLoggedOut);
  const location = useLocation();
  const [sessionEndedNotice, setSessionEndedNotice] = useState(() => wasSessionEnded(location.state, location.search));
  // The marker may arrive after this page is shown (a guard's redirect can come first). Shown
  // once: the marker is then dropped from the history entry, so a reload or a later visit is plain.
  const endedNow = wasSessionEnded(location.state, location.search);
  useEffect(() => {
    if (!endedNow) return;
    setSessionEndedNotice(true);
    navigate('/login', { replace: true });
  }, [endedNow, navigate]);

  const onSubmit = submit(async () => {
    const tokens = await api.post<SessionTokens>('/users/login', { email: email.trim(), password });
    if (remember) localStorage.setItem(STORAGE_KEYS.rememberedEmail, email.trim());
    else localStorage.removeItem(STORAGE_KEYS.rememberedEmail);
    storeTokens(tokens);
    navigate('/dashboard', { replace: true });
  });

  return (
    <AuthCard title="Login">
      {inactivityNotice && !error && <p className="hf-notice">{AUTH_TEXTS.loggedOutForInactivity}</p>}
      {sessionEndedNotice && !inactivityNotice && !error && (
        <p className="hf-notice" role="status">
          {AUTH_TEXTS.sessionEnded}
        </p>
      )}
      <FormError message={error} />
      <form className="hf-form" onSubmit={onSubmit}>
        <EmailField autoComplete="username" value={email} onValue={setEmail} />
        <AuthField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
        />
        <div className="hf-form__row">
          <label className="hf-check">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            <span>Remember me</span>
          </label>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <SubmitButton busy={submitting}>{submitting ? 'Logging in...' : 'Login'}</SubmitButton>
      </form>
      <p className="hf-auth__alt">
        Don&apos;t have an account? <Link to="/register">Register</Link>
      </p>
    </AuthCard>
  );
}

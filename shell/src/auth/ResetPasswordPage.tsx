import { api, errorMessage } from '@hf/app-kit';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard, FormError, FormSuccess } from './AuthCard';
import { AUTH_TEXTS, RESET_REDIRECT_MS } from './texts';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password !== confirm) {
      setError(AUTH_TEXTS.passwordsDoNotMatch);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await api.post<{ message?: string }>('/users/reset-password', { token, password });
      setSuccess(answer?.message ?? 'Your password has been reset. You can now log in.');
      redirect.current = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    } catch (err) {
      setError(errorMessage(err, AUTH_TEXTS.resetFailed));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Reset Password">
      <FormSuccess message={success} />
      {success && <p className="hf-muted">Redirecting to login...</p>}
      <FormError message={error} />
      {!success && (
        <form className="hf-form" onSubmit={onSubmit}>
          <label className="hf-field">
            <span>New Password</span>
            <input
              type="password"
              name="password"
              autoComplete="new-password"
              placeholder={AUTH_TEXTS.passwordHint}
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <label className="hf-field">
            <span>Confirm New Password</span>
            <input
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </label>
          <button type="submit" className="hf-button hf-button--primary hf-button--block" disabled={submitting}>
            Reset Password
          </button>
        </form>
      )}
      <p className="hf-auth__alt">
        <Link to="/login">Back to Login</Link>
      </p>
    </AuthCard>
  );
}

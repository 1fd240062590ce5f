import { api } from '@hf/app-kit';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthCard, FormError, FormSuccess } from './AuthCard';
import { AUTH_TEXTS } from './texts';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    setSubmitting(true);
    try {
      const answer = await api.post<{ message?: string }>('/users/forgot-password', { email: email.trim() });
      setSuccess(answer?.message ?? 'If an account exists for that email, a reset link has been sent.');
    } catch {
      setError(AUTH_TEXTS.forgotFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Forgot Password" subtitle="Enter your email and we will send you a link to reset your password.">
      <FormSuccess message={success} />
      <FormError message={error} />
      <form className="hf-form" onSubmit={onSubmit}>
        <label className="hf-field">
          <span>Email</span>
          <input
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <button type="submit" className="hf-button hf-button--primary hf-button--block" disabled={submitting}>
          {AUTH_TEXTS.sendResetLink}
        </button>
      </form>
      <p className="hf-auth__alt">
        <Link to="/login">Back to Login</Link>
      </p>
    </AuthCard>
  );
}

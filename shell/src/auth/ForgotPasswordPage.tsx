import { api, ApiError, errorMessage } from '@hf/app-kit';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard, FormError, FormSuccess } from './AuthCard';
import { EmailField, SubmitButton } from './AuthField';
import { AUTH_TEXTS } from './texts';
import { useAuthSubmit } from './use-auth-submit';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [success, setSuccess] = useState<string | null>(null);
  // An address no account uses is named as such (404, decision 0111); other failures stay generic.
  const { error, submitting, setSubmitting, submit } = useAuthSubmit((err) =>
    err instanceof ApiError && err.status === 404
      ? errorMessage(err, AUTH_TEXTS.forgotFailed)
      : AUTH_TEXTS.forgotFailed,
  );

  const onSubmit = submit(async () => {
    setSuccess(null);
    const answer = await api.post<{ message?: string }>('/users/forgot-password', { email: email.trim() });
    setSuccess(answer?.message ?? AUTH_TEXTS.resetLinkSent);
    // The form stays on screen: it can be sent again.
    setSubmitting(false);
  });

  return (
    <AuthCard title="Forgot Password" subtitle="Enter your email and we will send you a link to reset your password.">
      <FormSuccess message={success} />
      <FormError message={error} />
      <form className="hf-form" onSubmit={onSubmit}>
        <EmailField autoComplete="email" value={email} onValue={setEmail} />
        <SubmitButton busy={submitting}>{AUTH_TEXTS.sendResetLink}</SubmitButton>
      </form>
      <p className="hf-auth__alt">
        <Link to="/login">Back to Login</Link>
      </p>
    </AuthCard>
  );
}

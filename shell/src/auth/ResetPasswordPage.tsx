import { api, errorMessage } from '@hf/app-kit';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AuthCard, FormError, FormSuccess } from './AuthCard';
import { SubmitButton } from './AuthField';
import { NewPasswordFields, useNewPassword } from './NewPassword';
import { AUTH_TEXTS, RESET_REDIRECT_MS } from './texts';
import { useAuthSubmit } from './use-auth-submit';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const newPassword = useNewPassword();
  const [success, setSuccess] = useState<string | null>(null);
  const { error, submitting, submit } = useAuthSubmit((err) => errorMessage(err, AUTH_TEXTS.resetFailed));
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const onSubmit = submit(async () => {
    const password = newPassword.password;
    const answer = await api.post<{ message?: string }>('/users/reset-password', { token, password });
    setSuccess(answer?.message ?? 'Your password has been reset. You can now log in.');
    redirect.current = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
  }, newPassword.refusal);

  return (
    <AuthCard title="Reset Password">
      <FormSuccess message={success} />
      {success && <p className="hf-muted">Redirecting to login...</p>}
      <FormError message={error} />
      {!success && (
        <form className="hf-form" onSubmit={onSubmit}>
          <NewPasswordFields label="New Password" entry={newPassword} />
          <SubmitButton busy={submitting}>Reset Password</SubmitButton>
        </form>
      )}
      <p className="hf-auth__alt">
        <Link to="/login">Back to Login</Link>
      </p>
    </AuthCard>
  );
}

import { api, errorMessage, storeTokens, type SessionTokens } from '@hf/app-kit';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, FormError } from './AuthCard';
import { AuthField, EmailField, SubmitButton } from './AuthField';
import { NewPasswordFields, useNewPassword } from './NewPassword';
import { AUTH_TEXTS, joinHouseholdHeading } from './texts';
import { useAuthSubmit } from './use-auth-submit';

/** GET /api/household/invitations/{token} (docs/rules/households.md). */
interface Invitation {
  email: string;
  household_name: string;
  inviter_name: string;
  inviter_email: string;
}

type InvitationState =
  { status: 'none' } | { status: 'checking' } | { status: 'valid'; invitation: Invitation } | { status: 'invalid' };

/** The invitation behind `?token=`: looked up once on load. */
function useInvitation(token: string | null): InvitationState {
  const [state, setState] = useState<InvitationState>(token ? { status: 'checking' } : { status: 'none' });
  useEffect(() => {
    if (!token) {
      setState({ status: 'none' });
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'checking' });
    api.get<Invitation>(`/household/invitations/${encodeURIComponent(token)}`, undefined, controller.signal).then(
      (invitation) =>
        setState(invitation && invitation.email ? { status: 'valid', invitation } : { status: 'invalid' }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'invalid' });
      },
    );
    return () => controller.abort();
  }, [token]);
  return state;
}

export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const invitation = useInvitation(token);
  const joining = invitation.status === 'valid';

  const [name, setName] = useState('');
  const [typedEmail, setEmail] = useState('');
  const newPassword = useNewPassword();
  /** In join mode the email is the invitation's and cannot be changed. */
  const email = joining ? invitation.invitation.email : typedEmail;
  const { error, submitting, submit } = useAuthSubmit((err) => errorMessage(err, AUTH_TEXTS.registerFailed));

  const onSubmit = submit(async () => {
    const password = newPassword.password;
    const body: Record<string, string> = { name: name.trim(), email: email.trim(), password };
    if (joining && token) body.token = token;
    const tokens = await api.post<SessionTokens>('/users/register', body);
    storeTokens(tokens);
    navigate('/dashboard', { replace: true });
  }, newPassword.refusal);

  const title = joining ? joinHouseholdHeading(invitation.invitation.inviter_name) : AUTH_TEXTS.createAccountHeading;
  const subtitle = joining ? (
    <>
      {invitation.invitation.inviter_name} ({invitation.invitation.inviter_email}) invited you to the household{' '}
      <strong>{invitation.invitation.household_name}</strong>.
    </>
  ) : undefined;

  if (invitation.status === 'checking') {
    return (
      <AuthCard title={AUTH_TEXTS.createAccountHeading}>
        <p role="status">Checking your invitation...</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} subtitle={subtitle}>
      <FormError message={invitation.status === 'invalid' ? AUTH_TEXTS.invitationInvalid : null} />
      <FormError message={error} />
      <form className="hf-form" onSubmit={onSubmit}>
        <AuthField label="Name" type="text" name="name" autoComplete="name" value={name} onValue={setName} />
        <EmailField autoComplete="email" value={email} locked={joining} onValue={setEmail} />
        <NewPasswordFields label="Password" entry={newPassword} />
        <SubmitButton busy={submitting}>
          {joining ? AUTH_TEXTS.createAccountAndJoin : AUTH_TEXTS.createAccount}
        </SubmitButton>
      </form>
      <p className="hf-auth__alt">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </AuthCard>
  );
}

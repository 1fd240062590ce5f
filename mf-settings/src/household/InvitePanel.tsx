import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@hf/app-kit';
import { StatusMessage, useTimedMessage } from '@hf/ui';
import { useCreateInvitation } from './household-api';
import { INVITE_MESSAGES, invitationLink, isValidEmail } from './invitation-link';
import { useCopyLink } from './use-copy-link';

/** "Invite a Member": an email in, an invitation link out, with Copy Link. */
export function InvitePanel() {
  const inputId = useId();
  const linkId = useId();
  const status = useTimedMessage();
  const { copiedKey, copy } = useCopyLink(status.show);
  const createInvitation = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invited = email.trim();
    const problem = !invited
      ? INVITE_MESSAGES.emailRequired
      : !isValidEmail(invited)
        ? INVITE_MESSAGES.emailInvalid
        : null;
    setFieldError(problem);
    if (problem) return;
    createInvitation.mutate(invited, {
      onSuccess: (result) => {
        setLink(invitationLink(result.token));
        setEmail('');
        status.show(INVITE_MESSAGES.created(invited), 'success');
      },
      onError: (err) => {
        setLink(null);
        status.show(errorMessage(err, INVITE_MESSAGES.createFailed), 'error');
      },
    });
  };

  return (
    <section className="hf-settings__panel" aria-labelledby="household-invite-heading">
      <h2 id="household-invite-heading">Invite a Member</h2>
      <p className="hf-settings__hint">Create a link that lets someone register and join your household.</p>
      <form className="hf-settings__form" onSubmit={submit} noValidate>
        <div className="hf-settings__field">
          <label htmlFor={inputId}>Email address</label>
          <input
            id={inputId}
            type="email"
            name="email"
            autoComplete="off"
            required
            placeholder="name@example.com"
            value={email}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${inputId}-error` : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          {fieldError && (
            <p id={`${inputId}-error`} role="alert" className="hf-settings__field-error">
              {fieldError}
            </p>
          )}
        </div>
        <button type="submit" className="hf-button hf-button--primary" disabled={createInvitation.isPending}>
          {createInvitation.isPending ? 'Creating…' : 'Create Invite Link'}
        </button>
      </form>
      <StatusMessage message={status.message} />
      {link && (
        <div className="hf-settings__link-row">
          <label htmlFor={linkId}>Invitation link</label>
          <div className="hf-settings__link-box">
            <input id={linkId} type="text" readOnly value={link} onFocus={(e) => e.target.select()} />
            <button type="button" className="hf-button" onClick={() => copy('new-invitation', link)}>
              {copiedKey === 'new-invitation' ? 'Copied!' : 'Copy Link'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

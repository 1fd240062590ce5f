import { useState, type FormEvent } from 'react';

/**
 * The error line and busy state of an auth form. `submit(send, refusal)` makes the form's submit
 * handler: it clears the error, shows `refusal` instead of sending when there is one, and disables
 * the button while `send` runs. When `send` throws, the error line shows `failure(err)` and the
 * button is enabled again; after a success it stays disabled, as the page moves on.
 */
export function useAuthSubmit(failure: (err: unknown) => string) {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submit =
    (send: () => Promise<void>, refusal: string | null = null) =>
    async (event: FormEvent) => {
      event.preventDefault();
      setError(null);
      if (refusal) {
        setError(refusal);
        return;
      }
      setSubmitting(true);
      try {
        await send();
      } catch (err) {
        setError(failure(err));
        setSubmitting(false);
      }
    };
  return { error, submitting, setSubmitting, submit };
}

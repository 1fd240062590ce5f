/** The link an invited person opens (docs/rules/households.md): the site origin, /register, query parameter token. */
export function invitationLink(token: string, origin: string = window.location.origin): string {
  return `${origin}/register?token=${encodeURIComponent(token)}`;
}

/** A practical email format check: one @, no spaces, a dot in the domain with something on each side. */
const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_RE.test(email);
}

export const INVITE_MESSAGES = {
  emailRequired: 'Please enter an email address.',
  emailInvalid: 'Please enter a valid email address.',
  created: (email: string) => `Invitation link created for ${email}.`,
  createFailed: 'Failed to create invitation link.',
  loadFailed: 'Could not load household data.',
  removeConfirm: 'Are you sure you want to remove this member from your household?',
  removeFailed: 'Failed to remove member.',
  cancelConfirm: 'Are you sure you want to cancel this invitation?',
  cancelFailed: 'Failed to cancel invitation. Please try again.',
  noPendingInvitations: 'You have no pending invitations sent to others.',
  copied: 'Link copied to clipboard!',
  copyUnavailable: 'Could not copy link to clipboard.',
  copyFailed: 'Failed to copy link.',
} as const;

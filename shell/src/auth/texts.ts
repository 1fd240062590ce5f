import { PRODUCT_NAME } from '../product';

/** The auth screens' texts (docs/rules/screens.md, households.md), in one place for screens and tests. */
export const AUTH_TEXTS = {
  loginFailed: 'Invalid email or password.',
  registerFailed: 'Registration failed. Please try again.',
  passwordsDoNotMatch: 'Passwords do not match.',
  invitationInvalid: 'This invitation link is invalid or has expired.',
  forgotFailed: 'An error occurred. Please try again.',
  resetLinkSent: 'A reset link has been sent to that email. It works for one hour.',
  resetFailed: 'Invalid or expired token.',
  loggedOutForInactivity: 'You were logged out due to inactivity.',
  sessionEnded: 'Your session has ended. Please log in again.',
  passwordHint: '8+ characters, letters, numbers, symbols',
  createAccountHeading: `Create Your ${PRODUCT_NAME} Account`,
  createAccount: 'Create Account',
  createAccountAndJoin: 'Create Account & Join',
  sendResetLink: 'Send Reset Link',
} as const;

export function joinHouseholdHeading(inviterName: string): string {
  return `Join ${inviterName}'s Household`;
}

/** Time before the reset screen sends the user to /login (docs/rules/screens.md). */
export const RESET_REDIRECT_MS = 3000;

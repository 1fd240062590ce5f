// The public HTTP API of svc-auth: users, households and themes. The gateway's calls to
// svc-auth are in auth-internal.ts.
import Type, { type Static } from 'typebox';
import { Text } from './common';
import { Name } from './names';
import { THEME_COLOR_KEYS, type ThemeColorKey } from './theme-keys';

/**
 * Messages svc-auth answers with. The spec's client shows a server `message` when present, so
 * these are the texts users read; the shell and tests can match on them.
 */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  invalidEmail: 'Please enter a valid email address.',
  nameRequired: 'Please enter your name.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 72 bytes long.',
  forgotPasswordSent: 'A reset link has been sent to that email. It works for one hour.',
  noAccountForEmail: 'No account uses this email. Check the address, or create an account.',
  passwordReset: 'Your password has been reset. You can now log in.',
  invalidResetToken: 'Invalid or expired token.',
  sessionExpired: 'Your session has expired. Please log in again.',
  loggedOut: 'You have been logged out.',
  invitationInvalid: 'This invitation link is invalid or has expired.',
  invitationEmailMismatch: 'This invitation was sent to a different email address.',
  adminOnly: 'Only a household admin can do this.',
  alreadyMember: 'This person is already a member of your household.',
  inviteeHasAccount: 'An account with this email already exists, so it cannot be invited.',
  memberNotFound: 'Member not found.',
  cannotRemoveSelf: 'You cannot remove yourself from your household.',
  memberRemoved: 'Member removed.',
  invitationNotFound: 'Invitation not found.',
  invitationCancelled: 'Invitation cancelled.',
  themeNameEmpty: 'Theme name cannot be empty.',
  themeNotFound: 'Theme not found.',
  themeDeleted: 'Theme deleted successfully.',
  cannotDeleteBuiltIn: 'Cannot delete a default theme.',
  tooManyThemes: 'You can save at most 100 themes. Delete one to save another.',
} as const;

const Email = Text(254);
/** Passwords: the length rules (8+ characters, at most 72 bytes for bcrypt) are checked by svc-auth with friendly messages. */
const Password = Text(200);
/** Opaque tokens (invitation, reset, refresh): base64url text; anything else is simply not found. */
const OpaqueToken = Text(200);

// ---- users ---------------------------------------------------------------------------------

/** `token` (an invitation) may be absent, null or empty: all three mean "no invitation". */
export const RegisterBody = Type.Object(
  {
    name: Name(100, AUTH_MESSAGES.nameRequired),
    email: Email,
    password: Password,
    token: Type.Optional(Type.Union([OpaqueToken, Type.Null()])),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = Type.Object({ email: Email, password: Password }, { additionalProperties: false });
export type LoginBody = Static<typeof LoginBody>;

/** Login, register and refresh answer with a pair: a short-lived RS256 access token and an opaque refresh token. */
export const TokenPair = Type.Object({ access_token: Type.String(), refresh_token: Type.String() });
export type TokenPair = Static<typeof TokenPair>;

export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = Type.Object(
  { token: OpaqueToken, password: Password },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const RefreshBody = Type.Object({ refresh_token: OpaqueToken }, { additionalProperties: false });
export type RefreshBody = Static<typeof RefreshBody>;

/**
 * `POST /api/users/logout` (public): the session is named by a valid `Authorization: Bearer`
 * access token, or by this refresh token (which also works once the access token has expired).
 */
export const LogoutBody = Type.Object({ refresh_token: Type.Optional(OpaqueToken) }, { additionalProperties: false });
export type LogoutBody = Static<typeof LogoutBody>;

// ---- household -----------------------------------------------------------------------------

export const Role = Type.Union([Type.Literal('admin'), Type.Literal('member')]);
export type Role = Static<typeof Role>;

/** `GET /api/household/invitations/:token` (public). */
export const InvitationView = Type.Object({
  email: Type.String(),
  household_name: Type.String(),
  inviter_name: Type.String(),
  inviter_email: Type.String(),
});
export type InvitationView = Static<typeof InvitationView>;

/** Any text: whatever is not one of our tokens answers 404 with the spec's message. */
export const TokenParams = Type.Object({ token: Type.String({ maxLength: 1000 }) }, { additionalProperties: false });

export const HouseholdMember = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: Role,
});
export type HouseholdMember = Static<typeof HouseholdMember>;

/** A pending invitation; `token` is null only if it can no longer be decrypted (key rotated). */
export const PendingInvitation = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  token: Type.Union([Type.String(), Type.Null()]),
  expires_at: Type.String(),
});
export type PendingInvitation = Static<typeof PendingInvitation>;

/** `GET /api/household/`: every member; pending invitations for admins only (others get []). */
export const HouseholdView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  members: Type.Array(HouseholdMember),
  pending_invitations: Type.Array(PendingInvitation),
});
export type HouseholdView = Static<typeof HouseholdView>;

/** `GET /api/household/me`. */
export const CurrentUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: Role,
  household_id: Type.Integer(),
  household_name: Type.String(),
});
export type CurrentUser = Static<typeof CurrentUser>;

export const InviteBody = Type.Object({ email: Email }, { additionalProperties: false });
export type InviteBody = Static<typeof InviteBody>;

/** `POST /api/household/invite` -> the link is `${origin}/register?token=${token}`. */
export const InviteResponse = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  token: Type.String(),
  expires_at: Type.String(),
});
export type InviteResponse = Static<typeof InviteResponse>;

// ---- themes --------------------------------------------------------------------------------

export { THEME_COLOR_KEYS, type ThemeColorKey };

/** A CSS colour as text; svc-auth accepts only `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb()` and `rgba()`. */
const ColorText = Type.String({ maxLength: 64 });
/** Every key is required; no other key is allowed. */
export const ThemeColors = Type.Object(
  Object.fromEntries(THEME_COLOR_KEYS.map((k) => [k, ColorText])) as Record<ThemeColorKey, typeof ColorText>,
  { additionalProperties: false },
);
export type ThemeColors = Record<ThemeColorKey, string>;

export const BUILT_IN_THEME_IDS = ['default', 'dark', 'blue'] as const;
export type BuiltInThemeId = (typeof BUILT_IN_THEME_IDS)[number];
export const BuiltInThemeId = Type.Union([Type.Literal('default'), Type.Literal('dark'), Type.Literal('blue')]);

/** A theme id: a number for saved themes, or a built-in key. */
export const ThemeId = Type.Union([Type.Integer(), BuiltInThemeId]);
export type ThemeId = Static<typeof ThemeId>;

export const Theme = Type.Object({ id: ThemeId, name: Type.String(), colors: ThemeColors });
export type Theme = Static<typeof Theme>;

export const SavedTheme = Type.Object({ id: Type.Integer(), name: Type.String(), colors: ThemeColors });
export type SavedTheme = Static<typeof SavedTheme>;

/** `POST /api/themes/`: saving a name the user already has updates that theme. */
export const SaveThemeBody = Type.Object(
  { name: Name(100, AUTH_MESSAGES.themeNameEmpty), colors: ThemeColors },
  { additionalProperties: false },
);
export type SaveThemeBody = Static<typeof SaveThemeBody>;

/** `GET`/`PUT /api/themes/preference`: the chosen id and the theme it resolves to. */
export const ThemePreference = Type.Object({ preference: ThemeId, theme: Theme });
export type ThemePreference = Static<typeof ThemePreference>;

export const SetThemePreferenceBody = Type.Object({ theme_id: ThemeId }, { additionalProperties: false });
export type SetThemePreferenceBody = Static<typeof SetThemePreferenceBody>;

/** `DELETE /api/themes/:id`: the id is text so that a built-in key gets its own message. */
export const ThemeIdParams = Type.Object({ id: Text(40) }, { additionalProperties: false });

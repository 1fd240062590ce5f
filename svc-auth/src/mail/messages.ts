import type { MailMessage } from './mailer';
import { PRODUCT_NAME } from '@hf/contracts';

export function passwordResetEmail(to: { email: string; name: string }, link: string): MailMessage {
  return {
    to: to.email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    link,
    text: [
      `Hello ${to.name},`,
      '',
      `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.`,
      'Open this link within one hour to choose a new password:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

export function invitationEmail(
  to: string,
  inviter: { name: string; email: string },
  householdName: string,
  link: string,
): MailMessage {
  return {
    to,
    subject: `${inviter.name} invited you to join ${householdName} on ${PRODUCT_NAME}`,
    link,
    text: [
      'Hello,',
      '',
      `${inviter.name} (${inviter.email}) invited you to share the budget of "${householdName}" on ${PRODUCT_NAME}.`,
      'Open this link within 7 days to create your account and join:',
      '',
      link,
      '',
      'If you were not expecting this invitation, you can ignore this email.',
    ].join('\n'),
  };
}

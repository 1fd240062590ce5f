/**
 * Issue 2: household invitations end to end (docs/rules/households.md).
 */
import type { BrowserContext } from '@playwright/test';
import {
  PASSWORD,
  api,
  expect,
  registerViaApi,
  signInWithToken,
  snap,
  test,
  uniqueEmail,
  waitForMail,
  linksIn,
} from './support/fixtures';

interface HouseholdBody {
  members: { id: number; email: string; role: string }[];
  pending_invitations: { id: number; email: string; token: string | null }[];
}

test('an admin invites by email; the invitee joins through the link and both see each other', async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const admin = await registerViaApi(request, { name: 'Ada Admin' });
  const inviteeEmail = uniqueEmail('invitee');

  await signInWithToken(page, admin, '/settings/household');
  await expect(page.getByRole('heading', { name: 'Household', exact: true, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sent Invitations' })).toBeVisible();
  await expect(page.getByText('You have no pending invitations sent to others.')).toBeVisible();

  // Validation first: empty and malformed addresses make no call.
  const createButton = page.getByRole('button', { name: /create invite link|invite/i }).first();
  await page.getByLabel(/email/i).fill('not-an-email');
  await createButton.click();
  await expect(page.getByText(/valid email/i).first()).toBeVisible();

  await page.getByLabel(/email/i).fill(inviteeEmail);
  await createButton.click();
  await expect(page.getByText(`Invitation link created for ${inviteeEmail}.`)).toBeVisible();
  const linkInput = page
    .getByLabel(/invitation link/i)
    .or(page.locator('input[readonly]'))
    .first();
  const link = await linkInput.inputValue();
  expect(link).toMatch(/\/register\?token=/);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  const sent = page
    .getByRole('region', { name: 'Sent Invitations' })
    .or(page.locator('section', { has: page.getByRole('heading', { name: 'Sent Invitations' }) }));
  await expect(sent.getByText(inviteeEmail)).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Copy Link' })).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await snap(page, testInfo, 'household-invited');

  // The invitation is also mailed, with the same link.
  const mail = await waitForMail(inviteeEmail).catch(() => null);
  if (mail) expect(linksIn(mail)).toContain(link);
  else testInfo.annotations.push({ type: 'note', description: 'no invitation email was captured' });

  // The invitee, in a browser of their own.
  const inviteeContext: BrowserContext = await browser.newContext({
    baseURL,
    viewport: testInfo.project.use.viewport ?? null,
  });
  try {
    const invitee = await inviteeContext.newPage();
    const url = new URL(link);
    await invitee.goto(url.pathname + url.search);
    await expect(
      invitee
        .getByRole('heading', { level: 1 })
        .or(invitee.getByRole('heading', { level: 2 }))
        .first(),
    ).toContainText('Ada Admin');
    await expect(invitee.getByRole('heading', { name: /join/i })).toBeVisible();
    const email = invitee.getByLabel(/^email/i);
    await expect(email).toHaveValue(inviteeEmail);
    const locked = (await email.isDisabled()) || (await email.getAttribute('readonly')) !== null;
    expect(locked, 'the invited email is locked').toBe(true);
    await expect(invitee.getByRole('button', { name: 'Create Account & Join', exact: true })).toBeVisible();
    await expect(invitee.getByRole('button', { name: 'Create Account', exact: true })).toHaveCount(0);
    await snap(invitee, testInfo, 'register-join');

    await invitee.getByLabel(/^name/i).fill('Ivy Invitee');
    await invitee.getByLabel(/^password$/i).fill(PASSWORD);
    await invitee.getByLabel(/confirm/i).fill(PASSWORD);
    await invitee.getByRole('button', { name: 'Create Account & Join', exact: true }).click();
    await expect(invitee).toHaveURL(/\/dashboard$/);
    const inviteeToken = await invitee.evaluate(() => localStorage.getItem('access_token'));
    expect(inviteeToken).toBeTruthy();

    // The invitee sees both members, and no Sent Invitations panel (not an admin).
    await invitee.goto('/settings/household');
    const inviteeMembers = invitee.getByRole('list', { name: 'Household members' });
    await expect(inviteeMembers.getByText(admin.email)).toBeVisible();
    await expect(inviteeMembers.getByText(inviteeEmail)).toBeVisible();
    await expect(invitee.getByRole('heading', { name: 'Current Members' })).toBeVisible();
    await expect(invitee.getByRole('heading', { name: 'Sent Invitations' })).toHaveCount(0);
    await snap(invitee, testInfo, 'household-member-view');

    // The server refuses admin calls from a member: 403.
    const member = { accessToken: inviteeToken as string };
    const invite = await api(request, member, 'POST', '/household/invite', { email: uniqueEmail('sneaky') });
    expect(invite.status, JSON.stringify(invite.body)).toBe(403);
    const adminView = await api(request, admin, 'GET', '/household/');
    expect(adminView.status).toBe(200);
    const household = adminView.body as HouseholdBody;
    const adminRow = household.members.find((m) => m.email === admin.email);
    const inviteeRow = household.members.find((m) => m.email === inviteeEmail);
    expect(adminRow?.role).toBe('admin');
    expect(inviteeRow?.role).not.toBe('admin');
    const removeAdmin = await api(request, member, 'DELETE', `/household/members/${adminRow?.id}`);
    expect(removeAdmin.status, JSON.stringify(removeAdmin.body)).toBe(403);
    const pending = await api(request, admin, 'POST', '/household/invite', { email: uniqueEmail('pending') });
    expect(pending.status).toBeLessThan(300);
    const refreshed = (await api(request, admin, 'GET', '/household/')).body as HouseholdBody;
    const pendingId = refreshed.pending_invitations[0]?.id;
    const cancel = await api(request, member, 'DELETE', `/household/invitations/${pendingId}`);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(403);
    // A member's view of the household carries no invitation tokens.
    const memberView = await api(request, member, 'GET', '/household/');
    if (memberView.status === 200) {
      for (const inv of (memberView.body as HouseholdBody).pending_invitations ?? [])
        expect(inv.token ?? null).toBeNull();
    } else {
      expect(memberView.status).toBe(403);
    }
  } finally {
    await inviteeContext.close();
  }

  // The admin now sees the invitee as a member and the used invitation is gone.
  await page.reload();
  const members = page.getByRole('list', { name: 'Household members' });
  await expect(members.getByText(inviteeEmail)).toBeVisible();
  await expect(members.getByText(admin.email)).toBeVisible();
  await expect(sent.getByText(inviteeEmail)).toHaveCount(0);
  await snap(page, testInfo, 'household-admin-after-join');
});

test('an admin cancels a sent invitation after confirming', async ({ page, request }, testInfo) => {
  const admin = await registerViaApi(request, { name: 'Cass Canceller' });
  const email = uniqueEmail('cancelled');
  const created = await api(request, admin, 'POST', '/household/invite', { email });
  expect(created.status).toBeLessThan(300);

  await signInWithToken(page, admin, '/settings/household');
  const sent = page.locator('section', { has: page.getByRole('heading', { name: 'Sent Invitations' }) });
  await expect(sent.getByText(email)).toBeVisible();
  await sent.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).first();
  await expect(dialog.getByText('Are you sure you want to cancel this invitation?')).toBeVisible();
  await snap(page, testInfo, 'household-cancel-confirm');
  await dialog.getByRole('button', { name: /cancel invitation|yes|confirm/i }).click();
  await expect(sent.getByText(email)).toHaveCount(0);
  await expect(page.getByText('You have no pending invitations sent to others.')).toBeVisible();

  // The cancelled link no longer works.
  const token = (created.body as { token: string }).token;
  await page.goto(`/register?token=${encodeURIComponent(token)}`);
  await expect(page.getByText('This invitation link is invalid or has expired.')).toBeVisible();
});

test('a member (not admin) sees the members and whom to ask, with no invite form and no Remove', async ({
  page,
  request,
}, testInfo) => {
  const admin = await registerViaApi(request, { name: 'Ada Admin' });
  const memberEmail = uniqueEmail('member');
  const invited = await api(request, admin, 'POST', '/household/invite', { email: memberEmail });
  expect(invited.status, JSON.stringify(invited.body)).toBeLessThan(300);
  const token = (invited.body as { token: string }).token;
  const member = await registerViaApi(request, { name: 'Bo Member', email: memberEmail, token });

  await signInWithToken(page, member, '/settings/household');
  const members = page.getByRole('list', { name: 'Household members' });
  await expect(members.getByText(admin.email)).toBeVisible();
  await expect(members.getByText(memberEmail)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your Membership' })).toContainText(
    'Only an admin can invite people or remove members: ask Ada Admin.',
  );
  await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Invite a Member' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Invite Link' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sent Invitations' })).toHaveCount(0);
  await snap(page, testInfo, 'household-member-rights');

  // The admin still sees the invite form and Remove on the member.
  await signInWithToken(page, admin, '/settings/household');
  await expect(page.getByRole('button', { name: 'Create Invite Link' })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: memberEmail }).getByRole('button', { name: 'Remove' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your Membership' })).toHaveCount(0);
});

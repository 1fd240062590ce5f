import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, installFakeApi, reply, type FakeApi } from '../test-support/fake-api';
import { renderWithQueryClient } from '../test-support/render';
import HouseholdPage from './HouseholdPage';

jest.mock('../settings.css', () => ({}));

const admin = {
  id: 1,
  email: 'ada@example.com',
  name: 'Ada',
  role: 'admin',
  household_id: 10,
  household_name: "Ada's household",
};
const member = {
  id: 2,
  email: 'bob@example.com',
  name: 'Bob',
  role: 'member',
  household_id: 10,
  household_name: "Ada's household",
};
const invitation = { id: 5, email: 'cy@example.com', token: 'tok-cy', expires_at: '2031-01-08T00:00:00.000Z' };

function householdView(overrides: Partial<{ members: unknown[]; pending_invitations: unknown[] }> = {}) {
  return {
    id: 10,
    name: "Ada's household",
    members: [
      { id: 1, email: 'ada@example.com', name: 'Ada', role: 'admin' },
      { id: 2, email: 'bob@example.com', name: 'Bob', role: 'member' },
    ],
    pending_invitations: [invitation],
    ...overrides,
  };
}

function setup(me = admin, view = householdView()): FakeApi {
  return installFakeApi({ 'GET /api/household/': reply(view), 'GET /api/household/me': reply(me) });
}

function setClipboard(writeText: jest.Mock | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: writeText ? { writeText } : undefined, configurable: true });
}

const memberItem = (email: string) => screen.getAllByRole('listitem').find((li) => li.textContent?.includes(email))!;

afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

describe('HouseholdPage: members and roles', () => {
  test('an admin sees every member with role, Remove on the others only, and the Sent Invitations panel', async () => {
    const api = setup();
    localStorage.setItem('access_token', 'token-1');
    renderWithQueryClient(<HouseholdPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Household' })).toBeInTheDocument();
    const members = await screen.findByRole('list', { name: 'Household members' });
    await waitFor(() => expect(within(members).getAllByRole('button', { name: 'Remove' })).toHaveLength(1));
    const ada = within(members).getByText('ada@example.com').closest('li')!;
    const bob = within(members).getByText('bob@example.com').closest('li')!;
    expect(ada).toHaveTextContent('Ada');
    expect(ada).toHaveTextContent('(you)');
    expect(ada).toHaveTextContent('admin');
    expect(within(ada).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(bob).toHaveTextContent('member');
    expect(within(bob).getByRole('button', { name: 'Remove' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Sent Invitations' })).toBeInTheDocument();
    const pending = screen.getByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('cy@example.com')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    // every call carries the stored Bearer token
    expect(api.calls.every((c) => c.headers.Authorization === 'Bearer token-1')).toBe(true);
  });

  test('a member (not admin) sees the members and whom to ask, but no Remove, invite form or Sent Invitations', async () => {
    setup(member, householdView({ pending_invitations: [] }));
    renderWithQueryClient(<HouseholdPage />);

    const members = await screen.findByRole('list', { name: 'Household members' });
    const rights = await screen.findByRole('region', { name: 'Your Membership' });
    expect(rights).toHaveTextContent('Only an admin can invite people or remove members: ask Ada.');
    const bob = within(members).getByText('bob@example.com').closest('li')!;
    expect(bob).toHaveTextContent('(you)');
    expect(within(members).getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invite a Member' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sent Invitations' })).not.toBeInTheDocument();
    expect(screen.queryByText('You have no pending invitations sent to others.')).not.toBeInTheDocument();
  });

  test('an admin with no pending invitations sees the empty text', async () => {
    setup(admin, householdView({ pending_invitations: [] }));
    renderWithQueryClient(<HouseholdPage />);
    expect(await screen.findByText('You have no pending invitations sent to others.')).toBeInTheDocument();
  });

  test('a failed load shows "Could not load household data."', async () => {
    installFakeApi({ 'GET /api/household/': failure(500), 'GET /api/household/me': reply(admin) });
    renderWithQueryClient(<HouseholdPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load household data.');
  });
});

describe('HouseholdPage: invite by email', () => {
  test('a blank or malformed email is refused in the browser, with no call', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderWithQueryClient(<HouseholdPage />);
    const email = await screen.findByLabelText('Email address');
    const submit = screen.getByRole('button', { name: 'Create Invite Link' });

    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter an email address.');
    await user.type(email, 'not-an-email');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.clear(email);
    await user.type(email, 'two@@example.com');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(api.callsTo('POST /api/household/invite')).toHaveLength(0);
  });

  test('a valid email creates the invitation, shows the link with Copy Link and refreshes the list', async () => {
    const api = setup();
    api.on(
      'POST /api/household/invite',
      reply({ id: 6, email: 'dee@example.com', token: 'tok-dee', expires_at: '2031-01-08T00:00:00.000Z' }),
    );
    const user = userEvent.setup();
    renderWithQueryClient(<HouseholdPage />);
    await screen.findByRole('list', { name: 'Pending invitations' });
    api.on(
      'GET /api/household/',
      reply(
        householdView({
          pending_invitations: [
            invitation,
            { id: 6, email: 'dee@example.com', token: 'tok-dee', expires_at: '2031-01-08T00:00:00.000Z' },
          ],
        }),
      ),
    );

    await user.type(await screen.findByLabelText('Email address'), '  dee@example.com ');
    await user.click(screen.getByRole('button', { name: 'Create Invite Link' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Invitation link created for dee@example.com.');
    expect(api.callsTo('POST /api/household/invite')[0].body).toEqual({ email: 'dee@example.com' });
    expect(screen.getByLabelText('Invitation link')).toHaveValue(`${window.location.origin}/register?token=tok-dee`);
    expect(screen.getByLabelText('Email address')).toHaveValue('');
    const pending = screen.getByRole('list', { name: 'Pending invitations' });
    expect(await within(pending).findByText('dee@example.com')).toBeInTheDocument();
  });

  test("the server's message is shown when the invite is refused, else the fallback", async () => {
    const api = setup();
    api.on('POST /api/household/invite', failure(409, 'This person is already a member of your household.'));
    const user = userEvent.setup();
    renderWithQueryClient(<HouseholdPage />);
    await user.type(await screen.findByLabelText('Email address'), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Invite Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This person is already a member of your household.');

    api.on('POST /api/household/invite', failure(500));
    await user.type(await screen.findByLabelText('Email address'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create Invite Link' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to create invitation link.'));
    expect(screen.queryByLabelText('Invitation link')).not.toBeInTheDocument();
  });

  test('status messages vanish after 3 seconds', async () => {
    jest.useFakeTimers();
    const api = setup();
    api.on(
      'POST /api/household/invite',
      reply({ id: 6, email: 'dee@example.com', token: 'tok-dee', expires_at: '2031-01-08T00:00:00.000Z' }),
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithQueryClient(<HouseholdPage />);
    await user.type(await screen.findByLabelText('Email address'), 'dee@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Invite Link' }));
    expect(await screen.findByText('Invitation link created for dee@example.com.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2900));
    expect(screen.getByText('Invitation link created for dee@example.com.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Invitation link created for dee@example.com.')).not.toBeInTheDocument();
    // the link itself stays
    expect(screen.getByLabelText('Invitation link')).toBeInTheDocument();
  });
});

describe('HouseholdPage: remove a member', () => {
  test('Remove asks for confirmation; No keeps the member, Yes removes them', async () => {
    const api = setup();
    api.on('DELETE /api/household/members/2', reply({ message: 'Member removed.' }));
    const user = userEvent.setup();
    renderWithQueryClient(<HouseholdPage />);
    const members = await screen.findByRole('list', { name: 'Household members' });
    const bob = await within(members).findByText('bob@example.com');

    await user.click(within(bob.closest('li')!).getByRole('button', { name: 'Remove' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove Member' });
    expect(dialog).toHaveTextContent('Are you sure you want to remove this member from your household?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /api/household/members/2')).toHaveLength(0);

    api.on(
      'GET /api/household/',
      reply(householdView({ members: [{ id: 1, email: 'ada@example.com', name: 'Ada', role: 'admin' }] })),
    );
    await user.click(within(memberItem('bob@example.com')).getByRole('button', { name: 'Remove' }));
    dialog = screen.getByRole('dialog', { name: 'Remove Member' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('bob@example.com')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/household/members/2')).toHaveLength(1);
  });

  test('a failed removal shows "Failed to remove member." and keeps the member', async () => {
    const api = setup();
    api.on('DELETE /api/household/members/2', failure(500));
    const user = userEvent.setup();
    renderWithQueryClient(<HouseholdPage />);
    const members = await screen.findByRole('list', { name: 'Household members' });
    await user.click(
      within((await within(members).findByText('bob@example.com')).closest('li')!).getByRole('button', {
        name: 'Remove',
      }),
    );
    await user.keyboard('y');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to remove member.');
    expect(screen.getByText('bob@example.com')).toBeInTheDocument();
  });
});

describe('HouseholdPage: sent invitations', () => {
  test('Cancel asks for confirmation and then cancels the invitation', async () => {
    const api = setup();
    api.on('DELETE /api/household/invitations/5', reply({ message: 'Invitation cancelled.' }));
    const user = userEvent.setup();
    renderWithQueryClient(<HouseholdPage />);
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });

    await user.click(within(pending).getByRole('button', { name: 'Cancel' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel Invitation' });
    expect(dialog).toHaveTextContent('Are you sure you want to cancel this invitation?');
    expect(dialog).toHaveTextContent('cy@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Keep Invitation' }));
    expect(api.callsTo('DELETE /api/household/invitations/5')).toHaveLength(0);

    api.on('GET /api/household/', reply(householdView({ pending_invitations: [] })));
    await user.click(within(pending).getByRole('button', { name: 'Cancel' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel Invitation' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Invitation' }));
    expect(await screen.findByText('You have no pending invitations sent to others.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/household/invitations/5')).toHaveLength(1);
  });

  test('a failed cancel shows "Failed to cancel invitation. Please try again."', async () => {
    const api = setup();
    api.on('DELETE /api/household/invitations/5', failure(503));
    const user = userEvent.setup();
    renderWithQueryClient(<HouseholdPage />);
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    await user.click(within(pending).getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel Invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to cancel invitation. Please try again.');
    expect(within(pending).getByText('cy@example.com')).toBeInTheDocument();
  });

  test('Copy Link writes the invitation link, reads "Copied!" for 2 seconds and says so', async () => {
    jest.useFakeTimers();
    setup();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const writeText = jest.fn().mockResolvedValue(undefined);
    setClipboard(writeText);
    renderWithQueryClient(<HouseholdPage />);
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });

    await user.click(within(pending).getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?token=tok-cy`);
    expect(await within(pending).findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Link copied to clipboard!');
    act(() => jest.advanceTimersByTime(1900));
    expect(within(pending).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(within(pending).getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
  });

  test('a refused clipboard write says "Failed to copy link."; no clipboard at all says "Could not copy link to clipboard."', async () => {
    setup();
    const user = userEvent.setup();
    setClipboard(jest.fn().mockRejectedValue(new Error('NotAllowedError')));
    renderWithQueryClient(<HouseholdPage />);
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });

    await user.click(within(pending).getByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to copy link.');
    expect(within(pending).getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();

    setClipboard(undefined); // plain http: no Clipboard API, and jsdom has no execCommand('copy')
    await user.click(within(pending).getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Could not copy link to clipboard.'));
  });

  test('the link of a new invitation can be copied too', async () => {
    const api = setup(admin, householdView({ pending_invitations: [] }));
    api.on(
      'POST /api/household/invite',
      reply({ id: 6, email: 'dee@example.com', token: 'tok-dee', expires_at: '2031-01-08T00:00:00.000Z' }),
    );
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    setClipboard(writeText);
    renderWithQueryClient(<HouseholdPage />);
    await user.type(await screen.findByLabelText('Email address'), 'dee@example.com{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?token=tok-dee`);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  });
});

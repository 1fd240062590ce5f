import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, installFakeApi, reply } from '../test-support/fake-api';
import { renderWithQueryClient } from '../test-support/render';
import PayeesPage from './PayeesPage';

jest.mock('../settings.css', () => ({}));
jest.mock('../payees/payees.css', () => ({}));

const list = [
  { payee: 'Amazon', count: 30, last_date: '2025-05-03' },
  { payee: 'AMZN Mktp', count: 12, last_date: '2025-05-02' },
  { payee: 'Bakery', count: 1, last_date: '2024-12-24' },
];

function setup(rename = jest.fn((body: { from: string; to: string; dry_run?: boolean }) => body)) {
  let payees = list;
  return installFakeApi({
    'GET /api/payees/usage': () => reply(payees),
    'POST /api/payees/rename': ({ body }) => {
      const b = rename(body as never) as { from: string; to: string; dry_run?: boolean };
      if (b.to === 'Checking') return failure(400, '"Checking" is an account\'s name.');
      const existing = payees.find((p) => p.payee === b.to)?.count ?? 0;
      const renamed = payees.find((p) => p.payee === b.from)!.count;
      if (!b.dry_run) payees = payees.filter((p) => p.payee !== b.from);
      return reply({
        message: b.dry_run
          ? `${renamed} rows will be renamed to ${b.to}; ${b.to} already has ${existing} rows: they will be merged.`
          : `${renamed} rows renamed to ${b.to} and merged with its ${existing} rows.`,
        from: b.from,
        to: b.to,
        renamed,
        existing,
        dry_run: b.dry_run === true,
      });
    },
  });
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('PayeesPage', () => {
  it('lists every payee with its count and last date, and filters by search', async () => {
    setup();
    renderWithQueryClient(<PayeesPage />);
    expect(await screen.findByRole('heading', { name: 'Payees' })).toBeTruthy();
    await screen.findByRole('rowheader', { name: 'Amazon' });
    expect(within(rowOf('AMZN Mktp')).getByText('12')).toBeTruthy();
    expect(within(rowOf('Bakery')).getByText('12/24/2024')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Search payees'), 'am');
    expect(screen.queryByRole('rowheader', { name: 'Bakery' })).toBeNull();
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Amazon', 'AMZN Mktp']);
    await userEvent.clear(screen.getByLabelText('Search payees'));
    await userEvent.type(screen.getByLabelText('Search payees'), 'zzz');
    expect(screen.getByText('No payees match your search.')).toBeTruthy();
  });

  it('merges with a preview first, by keyboard: Enter previews, Enter confirms', async () => {
    const rename = jest.fn((body: { from: string; to: string; dry_run?: boolean }) => body);
    setup(rename);
    renderWithQueryClient(<PayeesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename AMZN Mktp' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Payee' });
    const input = within(dialog).getByLabelText('New name');
    await userEvent.clear(input);
    await userEvent.type(input, 'Amazon{Enter}');
    expect(
      await within(dialog).findByText(
        '12 rows will be renamed to Amazon; Amazon already has 30 rows: they will be merged.',
      ),
    ).toBeTruthy();
    expect(rename).toHaveBeenCalledTimes(1);
    expect(rename.mock.calls[0][0]).toEqual({ from: 'AMZN Mktp', to: 'Amazon', dry_run: true });
    expect(within(dialog).getByRole('button', { name: 'Merge' })).toBeTruthy();
    await userEvent.type(input, '{Enter}');
    expect(await screen.findByText('12 rows renamed to Amazon and merged with its 30 rows.')).toBeTruthy();
    expect(rename.mock.calls[1][0]).toEqual({ from: 'AMZN Mktp', to: 'Amazon' });
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'AMZN Mktp' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a changed name needs a new preview; a refused name shows the message and changes nothing', async () => {
    const rename = jest.fn((body: { from: string; to: string; dry_run?: boolean }) => body);
    setup(rename);
    renderWithQueryClient(<PayeesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Bakery' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Payee' });
    const input = within(dialog).getByLabelText('New name');
    await userEvent.type(input, 's');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('button', { name: 'Rename' })).toBeTruthy();
    await userEvent.type(input, 'x');
    expect(within(dialog).getByRole('button', { name: 'Preview' })).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'Checking{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', '"Checking" is an account\'s name.');
    expect(rename.mock.calls.every((c) => c[0].dry_run === true)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Bakery' })).toBeTruthy();
  });
});

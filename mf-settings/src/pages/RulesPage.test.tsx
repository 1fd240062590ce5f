import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { installFakeApi, reply } from '../test-support/fake-api';
import { renderWithQueryClient } from '../test-support/render';
import RulesPage from './RulesPage';

jest.mock('../settings.css', () => ({}));
jest.mock('../rules/rules.css', () => ({}));

const amazon = {
  id: 1,
  name: 'Amazon',
  position: 1,
  conditions: [
    { field: 'payee', op: 'contains', value: 'AMZN' },
    { field: 'amount', op: 'between', value: [null, 0] },
  ],
  actions: { category_id: 5, payee: 'Amazon', notes: null },
};
const coffee = {
  id: 2,
  name: 'Coffee',
  position: 2,
  conditions: [{ field: 'payee', op: 'starts_with', value: 'Cafe' }],
  actions: { category_id: 6, payee: null, notes: null },
};

function setup() {
  let rules = [amazon, coffee];
  const api = installFakeApi({
    'GET /api/rules': () => reply(rules),
    'GET /api/categories/': reply([
      { id: 5, name: 'Shopping', parent_id: null, children: [] },
      { id: 7, name: 'Food', parent_id: null, children: [{ id: 6, name: 'Coffee', parent_id: 7 }] },
    ]),
    'GET /api/accounts/': reply([{ id: 3, name: 'Checking' }]),
    'POST /api/rules/reorder': ({ body }) => {
      const ids = (body as { rule_ids: number[] }).rule_ids;
      rules = ids.map((id, i) => ({ ...rules.find((r) => r.id === id)!, position: i + 1 }));
      return reply(rules);
    },
    'POST /api/rules': ({ body }) => {
      const created = { ...(body as typeof amazon), id: 3, position: rules.length + 1 };
      rules = [...rules, created];
      return reply(created, 201);
    },
    'DELETE /api/rules/2': () => {
      rules = rules.filter((r) => r.id !== 2);
      return reply(rules);
    },
    'POST /api/rules/1/apply': ({ body }) =>
      (body as { dry_run?: boolean }).dry_run
        ? reply({
            message: '1 transaction would change.',
            dry_run: true,
            count: 1,
            rows: [
              {
                id: 40,
                account_id: 3,
                account_name: 'Checking',
                date: '2025-03-01',
                amount: -25.99,
                before: { payee: 'AMZN Mktp', category_id: null, category_name: null, notes: '' },
                after: { payee: 'Amazon', category_id: 5, category_name: 'Shopping', notes: '' },
              },
            ],
          })
        : reply({ message: '1 transaction changed.', dry_run: false, count: 1, rows: [] }),
  });
  return api;
}

const show = (path = '/settings/rules') =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[path]}>
      <RulesPage />
    </MemoryRouter>,
  );
const names = () =>
  screen.getAllByRole('listitem').map((li) => within(li).getByText(/^(Amazon|Coffee|Netflix)$/).textContent);

describe('RulesPage', () => {
  it('lists the rules in order, each in plain words', async () => {
    setup();
    show();
    expect(await screen.findByRole('heading', { name: 'Rules' })).toBeTruthy();
    expect(
      await screen.findByText(
        "When payee contains 'AMZN' and amount is at most $0.00, set category Shopping and payee Amazon.",
      ),
    ).toBeTruthy();
    expect(await screen.findByText("When payee starts with 'Cafe', set category Food: Coffee.")).toBeTruthy();
    expect(names()).toEqual(['Amazon', 'Coffee']);
  });

  it('reorders by keyboard (Alt+Down) and by Move Up, announcing the new place', async () => {
    const api = setup();
    show();
    const first = await screen.findByRole('listitem', { name: '1. Amazon' });
    first.focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(names()).toEqual(['Coffee', 'Amazon']));
    expect(screen.getByTestId('rules-announcement').textContent).toBe('Moved Amazon to position 2 of 2.');
    expect(api.calls.filter((c) => c.path === '/api/rules/reorder').map((c) => c.body)).toEqual([{ rule_ids: [2, 1] }]);
    await userEvent.click(screen.getByRole('button', { name: 'Move Amazon up' }));
    await waitFor(() => expect(names()).toEqual(['Amazon', 'Coffee']));
  });

  it('reorders by dragging a rule onto another', async () => {
    const api = setup();
    show();
    const coffeeItem = await screen.findByRole('listitem', { name: '2. Coffee' });
    const handle = coffeeItem.querySelector('[draggable="true"]')!;
    const data = { effectAllowed: '', setData: jest.fn() };
    fireEvent.dragStart(handle, { dataTransfer: data });
    fireEvent.dragOver(screen.getByRole('listitem', { name: '1. Amazon' }), { dataTransfer: data });
    fireEvent.drop(screen.getByRole('listitem', { name: '1. Amazon' }), { dataTransfer: data });
    await waitFor(() => expect(names()).toEqual(['Coffee', 'Amazon']));
    expect(api.calls.filter((c) => c.path === '/api/rules/reorder').map((c) => c.body)).toEqual([{ rule_ids: [2, 1] }]);
    expect(screen.getByTestId('rules-announcement').textContent).toBe('Moved Coffee to position 1 of 2.');
  });

  it('creates a rule from the form, said in words as it is typed', async () => {
    const api = setup();
    show();
    await screen.findByText(/set category Shopping and payee Amazon/);
    await userEvent.click(screen.getByRole('button', { name: 'New Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Rule' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Netflix');
    await userEvent.type(within(dialog).getByLabelText('Condition 1 text'), 'NETFLIX');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Condition' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Condition 2 field'), 'amount');
    await userEvent.type(within(dialog).getByLabelText('Condition 2 amount'), '0');
    await userEvent.selectOptions(within(dialog).getByLabelText('Set category'), 'Food: Coffee');
    expect(within(dialog).getByTestId('rule-sentence').textContent).toBe(
      "When payee contains 'NETFLIX' and amount is at most $0.00, set category Food: Coffee.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Rule' }));
    expect(await screen.findByText('Rule "Netflix" created.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/rules')?.body).toEqual({
      name: 'Netflix',
      conditions: [
        { field: 'payee', op: 'contains', value: 'NETFLIX' },
        { field: 'amount', op: 'between', value: [null, 0] },
      ],
      actions: { category_id: 6, payee: null, notes: null },
    });
  });

  it('Apply to Existing shows the preview before anything changes, then applies', async () => {
    const api = setup();
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Apply Amazon to existing transactions' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('1 transaction would change.')).toBeTruthy();
    const row = within(dialog).getAllByRole('row')[1];
    expect(within(row).getByText('AMZN Mktp → Amazon')).toBeTruthy();
    expect(within(row).getByText('— → Shopping')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/rules/1/apply').map((c) => c.body)).toEqual([{ dry_run: true }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('1 transaction changed.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/rules/1/apply').map((c) => c.body)).toEqual([
      { dry_run: true },
      {},
    ]);
  });

  it('deletes after confirming', async () => {
    setup();
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Coffee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Rule' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Rule "Coffee" deleted.')).toBeTruthy();
    expect(names()).toEqual(['Amazon']);
  });

  it('opens the form filled from a register row', async () => {
    setup();
    show('/settings/rules?new=1&payee=AMZN%20Mktp&amount=-25.99&category=5');
    const dialog = await screen.findByRole('dialog', { name: 'New Rule' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('AMZN Mktp');
    expect((within(dialog).getByLabelText('Condition 1 text') as HTMLInputElement).value).toBe('AMZN Mktp');
    await waitFor(() =>
      expect(within(dialog).getByTestId('rule-sentence').textContent).toBe(
        "When payee contains 'AMZN Mktp' and amount is at most $0.00, set category Shopping and payee AMZN Mktp.",
      ),
    );
  });
});

import { resetEventSequence } from '@hf/app-kit';
import { renderWithStubs, setToday, type StubRoutes } from '@hf/app-kit/testing/harness';
import type { AccountProjection, WidgetData } from '@hf/contracts/budget';
import { screen, waitFor, within } from '@testing-library/react';
import DashboardPage from '../pages/DashboardPage';

const TODAY = '2026-11-23';

/** Daily points from 2026-10-01 to 2027-11-23 (the default history) with `f(date)` as balance. */
function graph(f: (date: string, i: number) => number, from = '2026-10-01') {
  const start = Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1, 1);
  const out: { date: string; balance: number }[] = [];
  for (let i = 0; ; i++) {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    if (date > '2027-11-23') break;
    out.push({ date, balance: f(date, i) });
  }
  return out;
}

/**
 * A projection as svc-budget answers it: today's balance is today's point; an account (not net
 * worth) that goes below zero has the checking account's warning on that day.
 */
function projection(
  id: number | null,
  name: string,
  points: { date: string; balance: number }[],
  firstNegative: string | null = null,
  fields: Partial<AccountProjection> = {},
): AccountProjection {
  const negative = points.find((p) => p.date === firstNegative);
  return {
    account_id: id,
    account_name: name,
    account_kind: id === null ? null : 'checking',
    current_pending_balance: 1234.5,
    balance_today: points.find((p) => p.date === TODAY)?.balance ?? 0,
    graph_data: points,
    low_point: null,
    first_negative_date: firstNegative,
    warning:
      id !== null && negative
        ? { kind: 'below_zero', date: negative.date, balance: negative.balance, line: 0, now: negative.date === TODAY }
        : null,
    ...fields,
  };
}

// Checking: 1000 in the past, 1500 peak on 2027-01-15, dips to -250 on 2027-03-14, then 800.
const checkingPoints = graph((d) =>
  d < TODAY ? 5000 : d === '2027-01-15' ? 1500 : d >= '2027-03-14' && d < '2027-03-20' ? -250 : 800,
);
const savingsPoints = graph(() => 2000);
const netPoints = checkingPoints.map((p, i) => ({ date: p.date, balance: p.balance + savingsPoints[i].balance }));

const emptyWidgets: WidgetData = { month_name: 'November 2026', category_budgets: [], savings_goals: [] };
const widgets: WidgetData = {
  month_name: 'November 2026',
  category_budgets: [
    {
      category_id: 1,
      category_name: 'Groceries',
      account_id: 1,
      account_name: 'Checking',
      amount: 400,
      rollover: 0,
      spent: 100,
    },
    {
      category_id: 2,
      category_name: 'Dining',
      account_id: 1,
      account_name: 'Checking',
      amount: 100,
      rollover: 50,
      spent: 120,
    },
    {
      category_id: 3,
      category_name: 'Fuel',
      account_id: 2,
      account_name: 'Card',
      amount: 50,
      rollover: -10,
      spent: 37,
    },
  ],
  savings_goals: [{ id: 7, name: 'Holiday', target_amount: 2000, saved_amount: 500 }],
};

function setup(routes: StubRoutes = {}) {
  return renderWithStubs(
    <DashboardPage />,
    {
      'GET /api/dashboard/balance_projection': ({ query }: { query: URLSearchParams }) =>
        query.get('fullHistory') === 'true'
          ? [
              projection(
                1,
                'Checking',
                graph(() => 900, '2025-11-01'),
                null,
              ),
              projection(2, 'Savings', savingsPoints),
            ]
          : [projection(1, 'Checking', checkingPoints, '2027-03-14'), projection(2, 'Savings', savingsPoints)],
      'GET /api/dashboard/net_worth_projection': projection(null, 'Net Worth', netPoints),
      'GET /api/dashboard/widgets': emptyWidgets,
    },
    routes,
  );
}

/** An axis' tick labels (a label may be wrapped into several tspans). */
const tickTexts = (chart: Element, axis: 'xAxis' | 'yAxis') =>
  [...chart.querySelectorAll(`.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`)].map((t) =>
    [...t.querySelectorAll('tspan')].map((s) => s.textContent).join(' '),
  );

const card = (name: string) => screen.getByRole('region', { name });
/** The words of each warning shown (without its Dismiss button). */
const warningTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.dash-warning__text')!.textContent);

function setMobile(mobile: boolean) {
  (window as unknown as { matchMedia: unknown }).matchMedia = (query: string) => ({
    matches: mobile && query === '(max-width: 768px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
}

beforeEach(() => {
  setToday(TODAY);
  resetEventSequence();
  setMobile(false);
  // jsdom has no layout: give recharts' ResponsiveContainer a 600 px wide box.
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 600,
    bottom: 200,
    width: 600,
    height: 200,
    toJSON: () => ({}),
  });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('Dashboard: states', () => {
  it('title, subtitle, loading, then the empty state', async () => {
    setup({
      'GET /api/dashboard/balance_projection': [],
      'GET /api/dashboard/net_worth_projection': projection(null, 'Net Worth', []),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('This report shows your balance projection based on your budget.')).toBeInTheDocument();
    expect(screen.getByText('Loading dashboard...')).toBeInTheDocument();
    expect(
      await screen.findByText('No accounts found. Please add an account to see your balance projection.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hide Net Worth' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Net Worth' })).not.toBeInTheDocument();
  });

  it('a failed load says "Could not fetch dashboard data." in red', async () => {
    setup({ 'GET /api/dashboard/balance_projection': { status: 503, body: { message: 'down' } } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not fetch dashboard data.');
    expect(alert).toHaveClass('hf-status--error');
    expect(screen.queryByText('Loading dashboard...')).not.toBeInTheDocument();
  });

  it('an account without points says so', async () => {
    setup({ 'GET /api/dashboard/balance_projection': [projection(3, 'Empty', [])] });
    expect(await screen.findByText('No projection data available for this account.')).toBeInTheDocument();
    expect(within(card('Empty')).getByText('No projection data available for this account.')).toBeInTheDocument();
  });
});

describe('Dashboard: charts', () => {
  it('one chart per account and the Net Worth chart, with the API called without full history', async () => {
    const { calls } = setup();
    await screen.findByRole('region', { name: 'Savings' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'What if',
      'Net Worth',
      'Checking',
      'Savings',
    ]);
    expect(calls.find((c) => c.path === '/api/dashboard/balance_projection')!.query.get('fullHistory')).toBe('false');
    expect(calls.find((c) => c.path === '/api/dashboard/net_worth_projection')!.query.get('fullHistory')).toBe('false');
    // The headline is the balance today (today's point), named; not the pending balance.
    expect(within(card('Checking')).getByText('Balance today')).toBeInTheDocument();
    expect(within(card('Checking')).getByText('$800.00')).toBeInTheDocument();
    expect(within(card('Checking')).queryByText('$1,234.50')).not.toBeInTheDocument();
  });

  it('draws an area chart with y ticks over a round domain with zero, x labels on Jan and even months', async () => {
    const { container } = setup();
    await waitFor(() => expect(container.querySelector('[data-chart="account-1"] .recharts-area')).not.toBeNull());
    const chart = container.querySelector('[data-chart="account-1"]')!;
    const yTicks = tickTexts(chart, 'yAxis');
    expect(yTicks).toEqual(['-$2,000', '$0', '$2,000', '$4,000', '$6,000']);
    const xTicks = tickTexts(chart, 'xAxis');
    expect(xTicks).toEqual(['Oct', 'Dec', 'Jan 2027', 'Feb', 'Apr', 'Jun', 'Aug', 'Oct']);
  });

  it('marks the High and Low from today on, size 8, offsets -15 / 22, coloured by sign', async () => {
    const { container } = setup();
    await waitFor(() =>
      expect(container.querySelector('[data-chart="account-1"] [data-marker="high"]')).not.toBeNull(),
    );
    const chart = container.querySelector('[data-chart="account-1"]')!;
    const high = chart.querySelector('[data-marker="high"]')!;
    const low = chart.querySelector('[data-marker="low"]')!;
    // The 5000 before today is not the High.
    expect(high).toHaveAttribute('data-date', '2027-01-15');
    expect(high).toHaveTextContent('High: $1,500.00');
    expect(high).toHaveAttribute('data-tone', 'positive');
    expect(high).toHaveClass('dash-marker--positive');
    expect(low).toHaveAttribute('data-date', '2027-03-14');
    expect(low).toHaveTextContent('Low: -$250.00');
    expect(low).toHaveAttribute('data-tone', 'destructive');
    for (const [marker, offset] of [
      [high, -15],
      [low, 22],
    ] as const) {
      const dot = marker.querySelector('circle')!;
      expect(dot).toHaveAttribute('r', '8');
      const label = marker.querySelector('text')!;
      expect(Number(label.getAttribute('y')) - Number(dot.getAttribute('cy'))).toBeCloseTo(offset, 5);
    }
    // Savings never goes negative: both markers are positive.
    // (Charts after the first two are drawn a frame later.)
    await waitFor(() => expect(container.querySelector('[data-chart="account-2"] [data-marker="low"]')).not.toBeNull());
    expect(container.querySelector('[data-chart="account-2"] [data-marker="low"]')).toHaveAttribute(
      'data-tone',
      'positive',
    );
  });

  it('a Low at the bottom edge of the plot puts its label above the dot, clear of the x labels', async () => {
    const falling = graph((d, i) => Math.max(0, 1000 - i * 3));
    const { container } = setup({ 'GET /api/dashboard/balance_projection': [projection(4, 'Falling', falling)] });
    await waitFor(() => expect(container.querySelector('[data-chart="account-4"] [data-marker="low"]')).not.toBeNull());
    const low = container.querySelector('[data-chart="account-4"] [data-marker="low"]')!;
    expect(low).toHaveTextContent('Low: $0.00');
    expect(low).toHaveAttribute('data-label-flipped', 'true');
    const dot = low.querySelector('circle')!;
    expect(Number(low.querySelector('text')!.getAttribute('y')) - Number(dot.getAttribute('cy'))).toBeCloseTo(-15, 5);
  });

  it('warns in words, with the date and the amount, when an account goes below zero; net worth never warns', async () => {
    setup({ 'GET /api/dashboard/net_worth_projection': projection(null, 'Net Worth', netPoints, '2027-05-02') });
    const list = await screen.findByRole('list', { name: 'Low balance warnings' });
    expect(warningTexts(list)).toEqual(['Checking will go below $0.00 on Mar 14, 2027, to -$250.00']);
  });

  it('no warnings when nothing goes below zero', async () => {
    setup({ 'GET /api/dashboard/balance_projection': [projection(2, 'Savings', savingsPoints)] });
    await screen.findByRole('region', { name: 'Savings' });
    expect(screen.queryByRole('list', { name: 'Low balance warnings' })).not.toBeInTheDocument();
    expect(screen.queryByText(/will go below/)).not.toBeInTheDocument();
  });

  it('toggles full history (refetching with fullHistory=true) and back', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Show Full Year History' }));
    expect(await screen.findByRole('button', { name: 'Show Less History' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/dashboard/balance_projection' && c.query.get('fullHistory') === 'true'),
      ).toBe(true),
    );
    expect(
      calls.some((c) => c.path === '/api/dashboard/net_worth_projection' && c.query.get('fullHistory') === 'true'),
    ).toBe(true);
    // The full-history answer has no negative date: the warning goes.
    await waitFor(() => expect(screen.queryByText(/Checking will go below/)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Show Less History' }));
    expect(await screen.findByRole('button', { name: 'Show Full Year History' })).toBeInTheDocument();
    expect(await screen.findByText('Checking will go below $0.00 on Mar 14, 2027, to -$250.00')).toBeInTheDocument();
  });

  it('hides and shows the Net Worth chart', async () => {
    const { user } = setup();
    await screen.findByRole('region', { name: 'Net Worth' });
    await user.click(screen.getByRole('button', { name: 'Hide Net Worth' }));
    expect(screen.queryByRole('region', { name: 'Net Worth' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Checking' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Net Worth' }));
    expect(screen.getByRole('region', { name: 'Net Worth' })).toBeInTheDocument();
  });

  it('desktop: maximizes a chart into a modal closed with ×', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Maximize Checking' }));
    const dialog = screen.getByRole('dialog', { name: 'Checking' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveTextContent('×');
    await waitFor(() => expect(dialog.querySelector('[data-marker="high"]')).not.toBeNull());
    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('mobile (768 px or less): a stacked list with only the net-worth toggle, no maximize', async () => {
    setMobile(true);
    const { container, calls } = setup();
    await screen.findByRole('region', { name: 'Checking' });
    expect(container.querySelector('.dash-list')).not.toBeNull();
    expect(container.querySelector('.dash-grid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Hide Net Worth' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show Full Year History' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Maximize/ })).not.toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.path === '/api/dashboard/balance_projection')
        .every((c) => c.query.get('fullHistory') === 'false'),
    ).toBe(true);
  });
});

describe('Dashboard: headline figures', () => {
  it('a savings account holding $500 headlines "Balance today $500.00", not its pending $0.00', async () => {
    // Its deposit is not yet marked pending or cleared: the register (and today's point) count it.
    const holding = graph((d) => (d < '2026-11-20' ? 0 : 500));
    setup({
      'GET /api/dashboard/balance_projection': [
        projection(2, 'Savings', holding, null, { account_kind: 'savings', current_pending_balance: 0 }),
      ],
    });
    const savings = await screen.findByRole('region', { name: 'Savings' });
    expect(within(savings).getByText('Balance today')).toBeInTheDocument();
    expect(within(savings).getByText('$500.00')).toBeInTheDocument();
    expect(within(savings).queryByText('$0.00')).not.toBeInTheDocument();
  });

  it('a credit card and a loan show what is owed; the lowest ahead of a liability is the most owed', async () => {
    const owed = graph((d) => (d < '2026-12-20' ? -500 : -2100));
    setup({
      'GET /api/dashboard/balance_projection': [
        projection(5, 'Visa', owed, null, {
          account_kind: 'credit_card',
          low_point: { date: '2026-12-20', balance: -2100 },
        }),
        projection(
          6,
          'Car loan',
          graph(() => -9050.25),
          null,
          { account_kind: 'loan' },
        ),
      ],
    });
    const visa = await screen.findByRole('region', { name: 'Visa' });
    expect(within(visa).getByText('$500.00 owed')).toBeInTheDocument();
    expect(within(visa).getByText('Most owed ahead')).toBeInTheDocument();
    expect(within(visa).getByText('$2,100.00 owed')).toBeInTheDocument();
    expect(within(card('Car loan')).getByText('$9,050.25 owed')).toBeInTheDocument();
  });

  it('an asset account names its lowest balance ahead', async () => {
    setup({
      'GET /api/dashboard/balance_projection': [
        projection(1, 'Checking', checkingPoints, '2027-03-14', { low_point: { date: '2027-03-14', balance: -250 } }),
      ],
    });
    const checking = await screen.findByRole('region', { name: 'Checking' });
    expect(within(checking).getByText('Lowest ahead')).toBeInTheDocument();
    expect(within(checking).getByText('-$250.00')).toBeInTheDocument();
  });
});

describe('Dashboard: low-balance warnings of every kind', () => {
  beforeEach(() => localStorage.removeItem('dismissed_warnings'));

  const warned = (
    id: number,
    name: string,
    kind: AccountProjection['account_kind'],
    warning: AccountProjection['warning'],
  ) => projection(id, name, savingsPoints, null, { account_kind: kind, warning });

  it('names the line that fits the kind, the date and the amount; "is ... now" when already there today', async () => {
    setup({
      'GET /api/dashboard/balance_projection': [
        warned(1, 'Checking', 'checking', { kind: 'below_zero', date: TODAY, balance: -60.5, line: 0, now: true }),
        warned(2, 'Savings', 'savings', {
          kind: 'below_threshold',
          date: '2026-12-05',
          balance: 750,
          line: 800,
          now: false,
        }),
        warned(3, 'Visa', 'credit_card', {
          kind: 'over_limit',
          date: '2026-12-20',
          balance: -2100,
          line: -2000,
          now: false,
        }),
        warned(4, 'Store card', 'credit_card', {
          kind: 'over_limit',
          date: TODAY,
          balance: -510,
          line: -500,
          now: true,
        }),
        warned(5, 'Car loan', 'loan', null),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Low balance warnings' });
    expect(warningTexts(list)).toEqual([
      'Checking is below $0.00 now, at -$60.50',
      'Savings will go below its $800.00 threshold on Dec 5, 2026, to $750.00',
      'Visa will go over its $2,000.00 limit on Dec 20, 2026, to $2,100.00 owed',
      'Store card is over its $500.00 limit now, at $510.00 owed',
    ]);
  });

  it('a dismissed warning stays away until the projection changes its date or amount', async () => {
    const first = { kind: 'below_zero' as const, date: '2026-12-01', balance: -150, line: 0, now: false };
    const answer = { current: [warned(1, 'Checking', 'checking', first), warned(2, 'Other', 'checking', first)] };
    const { user, queryClient } = setup({ 'GET /api/dashboard/balance_projection': () => answer.current });
    const list = await screen.findByRole('list', { name: 'Low balance warnings' });
    await user.click(within(list).getByRole('button', { name: 'Dismiss the warning for Checking' }));
    expect(warningTexts(screen.getByRole('list', { name: 'Low balance warnings' }))).toEqual([
      'Other will go below $0.00 on Dec 1, 2026, to -$150.00',
    ]);
    expect(JSON.parse(localStorage.getItem('dismissed_warnings')!)).toEqual({ 1: '2026-12-01|-150' });

    // The same projection again (a reload): still dismissed.
    await queryClient.invalidateQueries();
    await waitFor(() =>
      expect(screen.queryByText('Checking will go below $0.00 on Dec 1, 2026, to -$150.00')).not.toBeInTheDocument(),
    );
    // The projection moves the amount: the warning is back.
    answer.current = [warned(1, 'Checking', 'checking', { ...first, balance: -175 }), answer.current[1]];
    await queryClient.invalidateQueries();
    expect(await screen.findByText('Checking will go below $0.00 on Dec 1, 2026, to -$175.00')).toBeInTheDocument();
  });
});

describe('Dashboard: widgets', () => {
  it('nothing when there are no envelopes and no jars', async () => {
    const { container } = setup();
    await screen.findByRole('region', { name: 'Checking' });
    await waitFor(() => expect(screen.queryByText('Loading dashboard...')).not.toBeInTheDocument());
    expect(container.querySelector('.dash-widgets')).toBeNull();
    expect(screen.queryByText(/Everyday Expenses/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Savings Jars/)).not.toBeInTheDocument();
  });

  it('Everyday Expenses (month): name, amount left, coloured bar, account', async () => {
    setup({ 'GET /api/dashboard/widgets': widgets });
    const section = await screen.findByRole('region', { name: 'Everyday Expenses (November)' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Groceries$300.00 leftChecking',
      'Dining$30.00 leftChecking',
      'Fuel$3.00 leftCard',
    ]);
    const bars = within(section).getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['75', '20', '8']);
    expect(items.map((i) => i.getAttribute('data-colour'))).toEqual(['green', 'orange', 'red']);
    expect(bars.map((b) => b.getAttribute('data-tone'))).toEqual(['green', 'orange', 'red']);
    expect(bars[1].firstElementChild).toHaveStyle({ width: '20%' });
    // The widget block sits between the title and the subtitle.
    const subtitle = screen.getByText('This report shows your balance projection based on your budget.');
    expect(section.compareDocumentPosition(subtitle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('envelope edge cases: overspent and a total of zero or less show nothing left, in red', async () => {
    setup({
      'GET /api/dashboard/widgets': {
        month_name: 'February',
        savings_goals: [],
        category_budgets: [
          {
            category_id: 4,
            category_name: 'Gifts',
            account_id: 1,
            account_name: 'Checking',
            amount: 50,
            rollover: 0,
            spent: 80,
          },
          {
            category_id: 5,
            category_name: 'Pets',
            account_id: 1,
            account_name: 'Checking',
            amount: 20,
            rollover: -30,
            spent: 0,
          },
          {
            category_id: 6,
            category_name: 'Books',
            account_id: 1,
            account_name: 'Checking',
            amount: 0,
            rollover: 0,
            spent: 0,
          },
          {
            category_id: 7,
            category_name: 'Fun',
            account_id: 1,
            account_name: 'Checking',
            amount: 100,
            rollover: 0,
            spent: 75,
          },
        ],
      },
    });
    const section = await screen.findByRole('region', { name: 'Everyday Expenses (February)' });
    const bars = within(section).getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['0', '0', '0', '25']);
    expect(bars.map((b) => b.getAttribute('data-tone'))).toEqual(['red', 'red', 'red', 'green']);
    expect(within(section).getByText('-$30.00 left')).toBeInTheDocument();
    expect(screen.queryByText(/Savings Jars/)).not.toBeInTheDocument();
  });

  it('Savings Jars (month): name, bar saved / target, amount saved', async () => {
    setup({ 'GET /api/dashboard/widgets': { ...widgets, category_budgets: [] } });
    const section = await screen.findByRole('region', { name: 'Savings Jars (November)' });
    expect(within(section).getByText('Holiday')).toBeInTheDocument();
    expect(within(section).getByText('$500.00 saved')).toBeInTheDocument();
    expect(within(section).getByRole('progressbar', { name: 'Holiday saved' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.queryByText(/Everyday Expenses/)).not.toBeInTheDocument();
  });

  it('a failed widget call says "Could not fetch dashboard data." and the charts stay', async () => {
    setup({ 'GET /api/dashboard/widgets': { status: 500, body: {} } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch dashboard data.');
    expect(await screen.findByRole('region', { name: 'Checking' })).toBeInTheDocument();
  });
});

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

function projection(
  id: number | null,
  name: string,
  points: { date: string; balance: number }[],
  firstNegative: string | null = null,
): AccountProjection {
  return {
    account_id: id,
    account_name: name,
    current_pending_balance: 1234.5,
    graph_data: points,
    low_point: null,
    first_negative_date: firstNegative,
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
      'Net Worth',
      'Checking',
      'Savings',
    ]);
    expect(calls.find((c) => c.path === '/api/dashboard/balance_projection')!.query.get('fullHistory')).toBe('false');
    expect(calls.find((c) => c.path === '/api/dashboard/net_worth_projection')!.query.get('fullHistory')).toBe('false');
    expect(within(card('Checking')).getByText('$1,234.50')).toBeInTheDocument();
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

  it('warns in words when an account or net worth goes below zero', async () => {
    setup({ 'GET /api/dashboard/net_worth_projection': projection(null, 'Net Worth', netPoints, '2027-05-02') });
    const list = await screen.findByRole('list', { name: 'Low balance warnings' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Checking is projected to go below $0 on Mar 14, 2027',
      'Net Worth is projected to go below $0 on May 2, 2027',
    ]);
  });

  it('no warnings when nothing goes below zero', async () => {
    setup({ 'GET /api/dashboard/balance_projection': [projection(2, 'Savings', savingsPoints)] });
    await screen.findByRole('region', { name: 'Savings' });
    expect(screen.queryByRole('list', { name: 'Low balance warnings' })).not.toBeInTheDocument();
    expect(screen.queryByText(/is projected to go below/)).not.toBeInTheDocument();
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
    await waitFor(() => expect(screen.queryByText(/Checking is projected/)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Show Less History' }));
    expect(await screen.findByRole('button', { name: 'Show Full Year History' })).toBeInTheDocument();
    expect(await screen.findByText('Checking is projected to go below $0 on Mar 14, 2027')).toBeInTheDocument();
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

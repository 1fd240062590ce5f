import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import DashboardPage from './DashboardPage';

/** jsdom has no fetch: answer GET /api/accounts/ with a recorded list (or a failure). */
function answerAccounts(status: number, body: unknown) {
  (globalThis as unknown as { fetch: unknown }).fetch = jest.fn(async () => ({
    ok: status < 300,
    status,
    headers: { get: () => null },
    text: async () => JSON.stringify(body),
  }));
}

function renderPage(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('DashboardPage (minimal)', () => {
  test('title, subtitle and the empty state', async () => {
    answerAccounts(200, []);
    renderPage(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('This report shows your balance projection based on your budget.')).toBeInTheDocument();
    expect(screen.getByText('Loading dashboard...')).toBeInTheDocument();
    expect(
      await screen.findByText('No accounts found. Please add an account to see your balance projection.'),
    ).toBeInTheDocument();
  });

  test('a failed load says so in red', async () => {
    answerAccounts(503, { message: 'down' });
    renderPage(<DashboardPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch dashboard data.');
  });
});

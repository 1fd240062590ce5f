import { renderWithProviders, stubFetch } from '@hf/app-kit/testing/harness';
import { screen } from '@testing-library/react';
import DashboardPage from './DashboardPage';

/** Every call answered alike: the accounts list the page reads (or a failure). */
const answerAccounts = (status: number, body: unknown) => stubFetch({}, { unknownRoute: { status, body } });

describe('DashboardPage (minimal)', () => {
  test('title, subtitle and the empty state', async () => {
    answerAccounts(200, []);
    renderWithProviders(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('This report shows your balance projection based on your budget.')).toBeInTheDocument();
    expect(screen.getByText('Loading dashboard...')).toBeInTheDocument();
    expect(
      await screen.findByText('No accounts found. Please add an account to see your balance projection.'),
    ).toBeInTheDocument();
  });

  test('a failed load says so in red', async () => {
    answerAccounts(503, { message: 'down' });
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch dashboard data.');
  });
});

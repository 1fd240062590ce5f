import { Navigate, Outlet, type RouteObject } from 'react-router';
import { ForgotPasswordPage } from '../auth/ForgotPasswordPage';
import { LoginPage } from '../auth/LoginPage';
import { RegisterPage } from '../auth/RegisterPage';
import { ResetPasswordPage } from '../auth/ResetPasswordPage';
import { HelpPage } from '../help/HelpPage';
import { ShellLayout } from '../layout/ShellLayout';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ShellErrorPage } from '../pages/ShellErrorPage';
import {
  AccountRoutesRoute,
  AccountsRoute,
  ActivityRoute,
  AppearanceRoute,
  PayeesRoute,
  BudgetRoute,
  CategoriesRoute,
  DashboardRoute,
  HouseholdRoute,
  ReportsRoute,
  RulesRoute,
} from '../remotes/pages';
import { RequireAuth } from '../session/RequireAuth';
import { SignedOutOnly } from '../session/SignedOutOnly';

export interface RouteOptions {
  /** Tests shorten the 2-hour inactivity limit. */
  inactivityLimitMs?: number;
}

/** Every route of docs/rules/screens.md. */
export function appRoutes(options: RouteOptions = {}): RouteObject[] {
  return [
    {
      element: <ShellLayout inactivityLimitMs={options.inactivityLimitMs} />,
      errorElement: <ShellErrorPage />,
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        {
          path: 'login',
          element: (
            <SignedOutOnly>
              <LoginPage />
            </SignedOutOnly>
          ),
        },
        { path: 'register', element: <RegisterPage /> },
        { path: 'forgot-password', element: <ForgotPasswordPage /> },
        { path: 'reset-password/:token', element: <ResetPasswordPage /> },
        // Help is static: public, so the signed-out footer's Help link works.
        { path: 'help', element: <HelpPage /> },
        {
          element: (
            <RequireAuth>
              <Outlet />
            </RequireAuth>
          ),
          children: [
            { path: 'dashboard', element: <DashboardRoute /> },
            { path: 'accounts', element: <AccountsRoute /> },
            { path: 'accounts/:accountId/*', element: <AccountRoutesRoute /> },
            { path: 'budget', element: <BudgetRoute /> },
            { path: 'categories', element: <CategoriesRoute /> },
            { path: 'activity', element: <ActivityRoute /> },
            { path: 'settings/appearance', element: <AppearanceRoute /> },
            { path: 'settings/household', element: <HouseholdRoute /> },
            { path: 'settings/rules', element: <RulesRoute /> },
            { path: 'settings/payees', element: <PayeesRoute /> },
            { path: 'reports', element: <ReportsRoute /> },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useIsAuthenticated } from './session';

/**
 * The login screen is for signed-out visitors: with a session it goes to the dashboard instead
 * of showing a login form under the signed-in navigation (docs/rules/screens.md, Routes).
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const authenticated = useIsAuthenticated();
  if (authenticated) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

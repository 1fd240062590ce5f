import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useIsAuthenticated } from './session';

/** Signed-in routes need a stored access token; otherwise the user goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authenticated = useIsAuthenticated();
  if (!authenticated) return <Navigate to="/login" replace />;
  return <>{children}</>;
}

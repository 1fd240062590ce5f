import { useAccounts } from '@hf/app-kit';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SessionEffects } from '../session/SessionEffects';
import { logout, useIsAuthenticated } from '../session/session';
import { Footer } from './Footer';
import { Header } from './Header';
import { pageTitle } from './page-title';

/** Keeps document.title on the page shown (the accounts' names come from the header's query). */
function useDocumentTitle(authenticated: boolean): void {
  const { pathname } = useLocation();
  const accounts = useAccounts(authenticated);
  const list = authenticated && Array.isArray(accounts.data) ? accounts.data : undefined;
  useEffect(() => {
    document.title = pageTitle(pathname, list);
  }, [pathname, list]);
}

/** Header, navigation, the page and the footer around every route. */
export function ShellLayout({ inactivityLimitMs }: { inactivityLimitMs?: number }) {
  const authenticated = useIsAuthenticated();
  const navigate = useNavigate();
  useDocumentTitle(authenticated);
  const onLogout = () => {
    logout();
    navigate('/login', { replace: true });
  };
  return (
    <div className="hf-app">
      <SessionEffects authenticated={authenticated} inactivityLimitMs={inactivityLimitMs} />
      <a className="hf-skip-link" href="#hf-main">
        Skip to content
      </a>
      <Header authenticated={authenticated} onLogout={onLogout} />
      <main id="hf-main" className="hf-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

import { Outlet, useNavigate } from 'react-router';
import { SessionEffects } from '../session/SessionEffects';
import { logout, useIsAuthenticated } from '../session/session';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header, navigation, the page and the footer around every route. */
export function ShellLayout({ inactivityLimitMs }: { inactivityLimitMs?: number }) {
  const authenticated = useIsAuthenticated();
  const navigate = useNavigate();
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

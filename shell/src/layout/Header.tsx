import { useAccounts } from '@hf/app-kit';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../product';
import { DesktopNav } from './DesktopNav';
import { MenuIcon } from './header-icons';
import { MobileMenu } from './MobileMenu';

/** The accounts of the household; while the ledger does not answer the list is simply empty. */
function useHeaderAccounts(authenticated: boolean) {
  const accounts = useAccounts(authenticated);
  return accounts.isSuccess && Array.isArray(accounts.data) ? accounts.data : [];
}

export interface HeaderProps {
  authenticated: boolean;
  onLogout: () => void;
}

export function Header({ authenticated, onLogout }: HeaderProps) {
  const accounts = useHeaderAccounts(authenticated);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="hf-header">
      <div className="hf-header__bar">
        <Link to="/" className="hf-brand">
          {PRODUCT_NAME}
        </Link>
        <DesktopNav authenticated={authenticated} accounts={accounts} path={location.pathname} onLogout={onLogout} />
        <button
          type="button"
          className="hf-menu-button"
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="hf-mobile-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <MenuIcon open={menuOpen} />
        </button>
      </div>
      {menuOpen && (
        <MobileMenu authenticated={authenticated} accounts={accounts} path={location.pathname} onLogout={onLogout} />
      )}
    </header>
  );
}

import { useAccounts } from '@hf/app-kit';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../product';
import { Dropdown } from './Dropdown';
import { MANAGE_ACCOUNTS_LABEL, registerPath, SECTION_LINKS, SETTINGS_LINKS } from './nav-items';

const navClass = ({ isActive }: { isActive: boolean }) => `hf-nav__link${isActive ? ' hf-nav__link--active' : ''}`;
const itemClass = ({ isActive }: { isActive: boolean }) =>
  `hf-dropdown__item${isActive ? ' hf-dropdown__item--active' : ''}`;

/** The sections whose pages sit behind a dropdown: highlighted on their pages and sub-pages. */
export const inAccounts = (path: string) => /^\/accounts(\/|$)/.test(path);
export const inSettings = (path: string) => /^\/settings(\/|$)/.test(path);

function HelpIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.5-3 4.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="12" cy="17.5" r="1.2" fill="currentColor" />
    </svg>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}

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
        {authenticated ? (
          <>
            <nav className="hf-nav hf-nav--desktop" aria-label="Main">
              <NavLink to="/dashboard" className={navClass}>
                Dashboard
              </NavLink>
              <Dropdown label="Accounts" active={inAccounts(location.pathname)}>
                {accounts.map((account) => (
                  <li key={account.id}>
                    <NavLink to={registerPath(account.id)} className={itemClass}>
                      {account.name}
                    </NavLink>
                  </li>
                ))}
                {accounts.length > 0 && <li className="hf-dropdown__divider" role="separator" />}
                <li>
                  <NavLink to="/accounts" end className={itemClass}>
                    {MANAGE_ACCOUNTS_LABEL}
                  </NavLink>
                </li>
              </Dropdown>
              {SECTION_LINKS.map((link) => (
                <NavLink key={link.to} to={link.to} className={navClass}>
                  {link.label}
                </NavLink>
              ))}
            </nav>
            <div className="hf-header__right hf-nav--desktop">
              <NavLink
                to="/help"
                className={({ isActive }) => `hf-icon-link${isActive ? ' hf-nav__link--active' : ''}`}
                aria-label="Help"
                title="Help"
              >
                <HelpIcon />
              </NavLink>
              <Dropdown label="Settings" align="right" active={inSettings(location.pathname)}>
                {SETTINGS_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={itemClass}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </Dropdown>
              <button type="button" className="hf-nav__link" onClick={onLogout}>
                Logout
              </button>
            </div>
          </>
        ) : (
          <div className="hf-header__right hf-nav--desktop">
            <NavLink to="/login" className={navClass}>
              Login
            </NavLink>
            <NavLink to="/register" className={navClass}>
              Register
            </NavLink>
          </div>
        )}
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
        <nav id="hf-mobile-menu" className="hf-mobile-menu" aria-label="Mobile">
          {authenticated ? (
            <ul>
              <li>
                <NavLink to="/dashboard" className={navClass}>
                  Dashboard
                </NavLink>
              </li>
              <li className="hf-mobile-menu__group">
                <span
                  className={`hf-mobile-menu__heading${inAccounts(location.pathname) ? ' hf-mobile-menu__heading--active' : ''}`}
                >
                  Accounts
                </span>
                <ul>
                  {accounts.map((account) => (
                    <li key={account.id}>
                      <NavLink to={registerPath(account.id)} className={navClass}>
                        {account.name}
                      </NavLink>
                    </li>
                  ))}
                  <li>
                    <NavLink to="/accounts" end className={navClass}>
                      {MANAGE_ACCOUNTS_LABEL}
                    </NavLink>
                  </li>
                </ul>
              </li>
              {SECTION_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={navClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <NavLink to="/help" className={navClass}>
                  Help
                </NavLink>
              </li>
              <li className="hf-mobile-menu__group">
                <span
                  className={`hf-mobile-menu__heading${inSettings(location.pathname) ? ' hf-mobile-menu__heading--active' : ''}`}
                >
                  Settings
                </span>
                <ul>
                  {SETTINGS_LINKS.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} className={navClass}>
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
              <li>
                <button type="button" className="hf-nav__link" onClick={onLogout}>
                  Logout
                </button>
              </li>
            </ul>
          ) : (
            <ul>
              <li>
                <NavLink to="/login" className={navClass}>
                  Login
                </NavLink>
              </li>
              <li>
                <NavLink to="/register" className={navClass}>
                  Register
                </NavLink>
              </li>
            </ul>
          )}
        </nav>
      )}
    </header>
  );
}

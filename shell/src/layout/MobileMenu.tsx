import { NavLink } from 'react-router';
import type { HeaderNavProps } from './DesktopNav';
import {
  inAccounts,
  inSettings,
  MANAGE_ACCOUNTS_LABEL,
  navClass,
  registerPath,
  SECTION_LINKS,
  SETTINGS_LINKS,
} from './nav-items';

/** The menu at 768 px or less: the same links in one list, Accounts and Settings as groups. */
export function MobileMenu({ authenticated, accounts, path, onLogout }: HeaderNavProps) {
  return (
    <nav id="hf-mobile-menu" className="hf-mobile-menu" aria-label="Mobile">
      {authenticated ? (
        <ul>
          <li>
            <NavLink to="/dashboard" className={navClass}>
              Dashboard
            </NavLink>
          </li>
          <li className="hf-mobile-menu__group">
            <span className={`hf-mobile-menu__heading${inAccounts(path) ? ' hf-mobile-menu__heading--active' : ''}`}>
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
            <span className={`hf-mobile-menu__heading${inSettings(path) ? ' hf-mobile-menu__heading--active' : ''}`}>
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
  );
}

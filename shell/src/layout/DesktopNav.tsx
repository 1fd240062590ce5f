import type { AccountSummary } from '@hf/app-kit';
import { NavLink } from 'react-router';
import { Dropdown } from './Dropdown';
import { HelpIcon } from './header-icons';
import { LinkItems } from './LinkItems';
import {
  accountLinks,
  inAccounts,
  inSettings,
  itemClass,
  MANAGE_ACCOUNTS_LABEL,
  navClass,
  SECTION_LINKS,
  SETTINGS_LINKS,
  SIGNED_OUT_LINKS,
} from './nav-items';

export interface HeaderNavProps {
  authenticated: boolean;
  accounts: readonly AccountSummary[];
  /** The current path: the Accounts and Settings dropdowns are marked on their pages. */
  path: string;
  onLogout: () => void;
}

/** The header's links on the desktop: sections, the Accounts and Settings dropdowns, Help and Logout (or Login and Register). */
export function DesktopNav({ authenticated, accounts, path, onLogout }: HeaderNavProps) {
  return authenticated ? (
    <>
      <nav className="hf-nav hf-nav--desktop" aria-label="Main">
        <NavLink to="/dashboard" className={navClass}>
          Dashboard
        </NavLink>
        <Dropdown label="Accounts" active={inAccounts(path)}>
          <LinkItems links={accountLinks(accounts)} className={itemClass} />
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
        <Dropdown label="Settings" align="right" active={inSettings(path)}>
          <LinkItems links={SETTINGS_LINKS} className={itemClass} />
        </Dropdown>
        <button type="button" className="hf-nav__link" onClick={onLogout}>
          Logout
        </button>
      </div>
    </>
  ) : (
    <div className="hf-header__right hf-nav--desktop">
      {SIGNED_OUT_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className={navClass}>
          {link.label}
        </NavLink>
      ))}
    </div>
  );
}

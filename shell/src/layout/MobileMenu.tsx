import type { ReactNode } from 'react';
import type { HeaderNavProps } from './DesktopNav';
import { LinkItems } from './LinkItems';
import {
  accountLinks,
  DASHBOARD_LINK,
  HELP_LINK,
  inAccounts,
  inSettings,
  MANAGE_ACCOUNTS_LINK,
  navClass,
  SECTION_LINKS,
  SETTINGS_LINKS,
  SIGNED_OUT_LINKS,
} from './nav-items';

/** The menu at 768 px or less: the same links in one list, Accounts and Settings as groups. */
export function MobileMenu({ authenticated, accounts, path, onLogout }: HeaderNavProps) {
  return (
    <nav id="hf-mobile-menu" className="hf-mobile-menu" aria-label="Mobile">
      {authenticated ? (
        <ul>
          <LinkItems links={[DASHBOARD_LINK]} className={navClass} />
          <MenuGroup label="Accounts" active={inAccounts(path)}>
            <LinkItems links={[...accountLinks(accounts), MANAGE_ACCOUNTS_LINK]} className={navClass} />
          </MenuGroup>
          <LinkItems links={[...SECTION_LINKS, HELP_LINK]} className={navClass} />
          <MenuGroup label="Settings" active={inSettings(path)}>
            <LinkItems links={SETTINGS_LINKS} className={navClass} />
          </MenuGroup>
          <li>
            <button type="button" className="hf-nav__link" onClick={onLogout}>
              Logout
            </button>
          </li>
        </ul>
      ) : (
        <ul>
          <LinkItems links={SIGNED_OUT_LINKS} className={navClass} />
        </ul>
      )}
    </nav>
  );
}

/** A titled group of the menu (Accounts, Settings); its title is marked on the group's pages. */
function MenuGroup({ label, active, children }: { label: string; active: boolean; children: ReactNode }) {
  return (
    <li className="hf-mobile-menu__group">
      <span className={`hf-mobile-menu__heading${active ? ' hf-mobile-menu__heading--active' : ''}`}>{label}</span>
      <ul>{children}</ul>
    </li>
  );
}

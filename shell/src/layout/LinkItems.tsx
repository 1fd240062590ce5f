import { NavLink, type NavLinkProps } from 'react-router';
import type { NavItem } from './nav-items';

/** Links as list items (the dropdowns and the mobile menu); `className` marks the current page's. */
export function LinkItems({ links, className }: { links: readonly NavItem[]; className: NavLinkProps['className'] }) {
  return (
    <>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.end} className={className}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </>
  );
}

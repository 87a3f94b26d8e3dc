import { createContext, useContext, type ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import type { Role } from '../../../core/constants';
import { can, type Access } from '../../../core/permissions';

// What the shell shows of the app's views: the drawer's menu, the admin home's cards and the tabs of
// /resources. The app's registry (src/app/registry.ts) derives them from its entries and hands them down
// through NavigationProvider, so the shell and its pages read them without importing any entity.

type Icon = ComponentType<SvgIconProps>;

export interface MenuItem {
  /** i18n key of the entry. */
  label: string;
  to: string;
  icon: Icon;
  /** Shown to the roles the matrix allows this (the view's access, or the entry's own 'menu' action). */
  shownTo: Access;
  /** Other paths of the same area that keep the entry highlighted (/league/3 under Leagues). */
  also?: readonly string[];
}

export interface AdminCard {
  /** i18n key of the card's title. */
  label: string;
  to: string;
  icon: Icon;
  /** A card shows to whoever may open the page it manages (spec 1 §2, admin home). */
  shownTo: Access;
}

export interface ResourceTab {
  /** The value of ?tab=. */
  tab: string;
  /** The react-admin resource whose list the tab shows. */
  resource: string;
  list: ComponentType;
}

export interface Navigation {
  menu: readonly MenuItem[];
  cards: readonly AdminCard[];
  tabs: readonly ResourceTab[];
  /** The tab /resources opens on without ?tab=. */
  defaultTab: string;
}

const NavigationContext = createContext<Navigation>({ menu: [], cards: [], tabs: [], defaultTab: '' });
export const NavigationProvider = NavigationContext.Provider;
export const useNavigation = () => useContext(NavigationContext);

/** Whether the role passes what a view asks of the matrix (a react-admin resource name is read as its MATRIX resource). */
export const allows = (role: Role | null | undefined, { resource, action }: Access) => can(role, resource, action);

export const shownTo = <T extends { shownTo: Access }>(items: readonly T[], role: Role | null | undefined): T[] =>
  items.filter((item) => allows(role, item.shownTo));

/** Whether the entry belongs to the page at `pathname`. */
export function isActive(item: MenuItem, pathname: string): boolean {
  return [item.to, ...(item.also ?? [])].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import DescriptionIcon from '@mui/icons-material/Description';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import SchoolIcon from '@mui/icons-material/School';
import PeopleIcon from '@mui/icons-material/People';
import GroupsIcon from '@mui/icons-material/Groups';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import AssessmentIcon from '@mui/icons-material/Assessment';
import SportsIcon from '@mui/icons-material/Sports';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import EventNoteIcon from '@mui/icons-material/EventNote';
import type { Role } from '../../core/constants';
import { can, type PageKey } from '../../core/permissions';

export interface MenuItem {
  /** Key under menu in the i18n messages. */
  label: string;
  to: string;
  /** Shown to the roles of this page's 'menu' entry in core/permissions MATRIX. */
  page: PageKey;
  icon: ComponentType<SvgIconProps>;
  /** Other paths of the same area that keep the entry highlighted (/league/3 under Leagues). */
  also?: string[];
}

/** The menu of spec 1 §2, in its order. */
export const MENU: readonly MenuItem[] = [
  { label: 'menu.calendar', to: '/calendar', page: 'page:calendar', icon: CalendarMonthIcon },
  { label: 'menu.contracts', to: '/contract', page: 'page:contracts', icon: DescriptionIcon },
  { label: 'menu.leagues', to: '/leagues', page: 'page:leagues', icon: EmojiEventsIcon, also: ['/league', '/tournament'] },
  { label: 'menu.pickup', to: '/pickup', page: 'page:pickup', icon: SportsSoccerIcon },
  { label: 'menu.classes', to: '/classes', page: 'page:classes', icon: SchoolIcon },
  { label: 'menu.customers', to: '/customer', page: 'page:customers', icon: PeopleIcon },
  { label: 'menu.teams', to: '/teams', page: 'page:teams', icon: GroupsIcon, also: ['/team'] },
  { label: 'menu.invoices', to: '/invoice', page: 'page:invoices', icon: ReceiptLongIcon },
  { label: 'menu.refunds', to: '/refund', page: 'page:refunds', icon: CurrencyExchangeIcon },
  { label: 'menu.reporting', to: '/reporting', page: 'page:reporting', icon: AssessmentIcon },
  { label: 'menu.referee', to: '/referee', page: 'page:referee', icon: SportsIcon },
  { label: 'menu.admin', to: '/admin', page: 'page:admin', icon: AdminPanelSettingsIcon },
  { label: 'menu.schedule', to: '/schedule', page: 'page:schedule', icon: EventNoteIcon },
];

export const menuFor = (role: Role | null | undefined): MenuItem[] => MENU.filter((item) => can(role, item.page, 'menu'));

/** Whether the entry belongs to the page at `pathname`. */
export function isActive(item: MenuItem, pathname: string): boolean {
  return [item.to, ...(item.also ?? [])].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import PeopleIcon from '@mui/icons-material/People';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GroupsIcon from '@mui/icons-material/Groups';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import BadgeIcon from '@mui/icons-material/Badge';
import ScoreboardIcon from '@mui/icons-material/Scoreboard';
import TuneIcon from '@mui/icons-material/Tune';
import type { Role } from '../../../core/constants';
import { can } from '../../../core/permissions';
import type { PageKey } from '../pageRoute';

export interface AdminCard {
  /** Key under admin_home.cards in the i18n messages. */
  key: string;
  to: string;
  /** A card shows to whoever may open the page it manages (spec 1 §2, admin home). */
  page: PageKey;
  icon: ComponentType<SvgIconProps>;
}

export const ADMIN_CARDS: readonly AdminCard[] = [
  { key: 'customers', to: '/customer', page: 'page:customers', icon: PeopleIcon },
  { key: 'discounts', to: '/discount', page: 'page:discounts', icon: LocalOfferIcon },
  { key: 'leagues', to: '/leagues', page: 'page:leagues', icon: EmojiEventsIcon },
  { key: 'teams', to: '/teams', page: 'page:teams', icon: GroupsIcon },
  { key: 'eplayers', to: '/eplayer', page: 'page:eplayer', icon: SportsEsportsIcon },
  { key: 'invoices', to: '/invoice', page: 'page:invoices', icon: ReceiptLongIcon },
  { key: 'staff', to: '/staff', page: 'page:staff', icon: BadgeIcon },
  { key: 'scoreboards', to: '/scoreboards', page: 'page:scoreboards', icon: ScoreboardIcon },
  { key: 'resources', to: '/resources', page: 'page:resources', icon: TuneIcon },
];

export const cardsFor = (role: Role | null | undefined): AdminCard[] => ADMIN_CARDS.filter((card) => can(role, card.page, 'access'));

import { Button, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { Role } from '../../../core/constants';
import { isActive, shownTo, useNavigation } from './navigation';

export function Menu({ role, onNavigate }: { role: Role | undefined; onNavigate?: () => void }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { menu } = useNavigation();
  return (
    <List component="nav" aria-label="menu" dense>
      {shownTo(menu, role).map((item) => {
        const Icon = item.icon;
        const active = isActive(item, pathname);
        return (
          <ListItemButton key={item.to} component={Link} to={item.to} selected={active} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <Icon />
            </ListItemIcon>
            {/* An entity's name (resources.<name>.name, 'Locker |||| Lockers') reads in the plural. */}
            <ListItemText primary={translate(item.label, { smart_count: 2 })} />
          </ListItemButton>
        );
      })}
    </List>
  );
}

/**
 * The role's menu entries as header links, for the roles without a drawer (referees: spec 1 §2 gives
 * them none, yet their schedule must be found; issue 41 m23).
 */
export function HeaderMenu({ role }: { role: Role | undefined }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { menu } = useNavigation();
  return (
    <nav aria-label="menu">
      {shownTo(menu, role).map((item) => {
        const Icon = item.icon;
        const active = isActive(item, pathname);
        return (
          <Button key={item.to} component={Link} to={item.to} startIcon={<Icon />} aria-current={active ? 'page' : undefined} variant={active ? 'outlined' : 'text'}>
            {translate(item.label)}
          </Button>
        );
      })}
    </nav>
  );
}

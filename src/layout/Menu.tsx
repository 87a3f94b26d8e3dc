import { List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { Role } from '../../core/constants';
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
            <ListItemText primary={translate(item.label)} />
          </ListItemButton>
        );
      })}
    </List>
  );
}

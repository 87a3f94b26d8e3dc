import { Suspense, useState, type ReactNode } from 'react';
import { Box, Divider, Drawer, IconButton, List, ListItemButton, ListItemIcon, ListItemText, Toolbar, useMediaQuery, type Theme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import LogoutIcon from '@mui/icons-material/Logout';
import { TitlePortal, useLogout, usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../../core/constants';
import { FacilitySelector } from './FacilitySelector';
import { LanguageSwitch } from './LanguageSwitch';
import { LoadingScreen, PageLoading } from './LoadingScreen';
import { Logo } from './Logo';
import { HeaderMenu, Menu } from './Menu';
import { PageErrorBoundary } from './PageErrorBoundary';
import { UpdateBar } from './UpdateBar';

export const DRAWER_WIDTH = 240;

function LogoutItem() {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <ListItemButton onClick={() => logout()}>
      <ListItemIcon sx={{ minWidth: 40 }}>
        <LogoutIcon />
      </ListItemIcon>
      <ListItemText primary={translate('menu.logout')} />
    </ListItemButton>
  );
}

/** The left drawer (spec 1 §2): logo, facility selector (admins), Logout, the role's menu, language. */
function DrawerContent({ role, onNavigate }: { role: Role | undefined; onNavigate: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Logo />
        {role === 'admin' && <FacilitySelector />}
      </Box>
      <List dense disablePadding component="div">
        <LogoutItem />
      </List>
      <Divider />
      <Menu role={role} onNavigate={onNavigate} />
      <Box sx={{ mt: 'auto', p: 2 }}>
        <LanguageSwitch />
      </Box>
    </Box>
  );
}

/**
 * The layout of every signed-in page. Referees get no drawer (spec 1 §2): their header carries the
 * logo, their menu's entries (My schedule), the language and Logout instead. On narrow screens the drawer opens from a menu button.
 */
export function Layout({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  const { permissions: role, isPending } = usePermissions<Role>();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  if (isPending) return <LoadingScreen />;
  const withDrawer = role !== 'referee';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {withDrawer && (
        <Drawer
          variant={wide ? 'permanent' : 'temporary'}
          open={wide || open}
          onClose={() => setOpen(false)}
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          <DrawerContent role={role} onNavigate={() => setOpen(false)} />
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <UpdateBar />
        <Toolbar component="header" sx={{ gap: 1, borderBottom: 1, borderColor: 'divider' }}>
          {withDrawer && !wide && (
            <IconButton edge="start" aria-label={translate('app.open_menu')} onClick={() => setOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          {!withDrawer && <Logo />}
          <TitlePortal component="h1" variant="h6" />
          {!withDrawer && (
            <>
              <HeaderMenu role={role} />
              <LanguageSwitch />
              <List dense disablePadding component="div">
                <LogoutItem />
              </List>
            </>
          )}
        </Toolbar>
        <Box component="main" sx={{ p: 2, flexGrow: 1 }}>
          <PageErrorBoundary>
            <Suspense fallback={<PageLoading />}>{children}</Suspense>
          </PageErrorBoundary>
        </Box>
      </Box>
    </Box>
  );
}

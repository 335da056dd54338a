import { useEffect, useState } from 'react';
import { AppBar, Box, Button, Menu, MenuItem, Toolbar, Typography } from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import { APP_INFO } from '@shared/app';
import { useT } from '@renderer/i18n/useT';
import { useRootInfoQuery } from '@renderer/store/rootInfoApi';
import { signOut } from '@renderer/features/auth/sessionFlow';
import { changePasswordToggled } from '@renderer/store/appSlice';
import { useAppDispatch, useAppSelector } from '@renderer/store/hooks';
import { AboutDialog } from '@renderer/features/about/AboutDialog';
import { MessageBadge } from '@renderer/features/message/MessageBadge';
import { LanguageSwitch } from './LanguageSwitch';

export function Header() {
  const t = useT();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.auth.user);
  const { data: info } = useRootInfoQuery();
  // The name an administrator gave (企业信息 系统名称) arrives in the header of GET /; the window's
  // title bar follows it too, and again whenever that query is fetched anew (after a save).
  const title = info?.title ?? APP_INFO.title;
  useEffect(() => {
    document.title = title;
  }, [title]);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const [aboutOpen, setAboutOpen] = useState(false);

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <Typography variant="h6" component="div" sx={{ flexGrow: 1 }} data-testid="app-title">
          {title}
        </Typography>
        <LanguageSwitch />
        <MessageBadge />
        <Button
          color="inherit"
          startIcon={<AccountCircle />}
          aria-label={t('header.userMenu')}
          aria-haspopup="menu"
          aria-controls={anchor ? 'user-menu' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Box component="span" data-testid="user-name">
            {user?.name}
          </Box>
        </Button>
        <Menu id="user-menu" anchorEl={anchor} open={!!anchor} onClose={close}>
          <MenuItem
            onClick={() => {
              close();
              dispatch(changePasswordToggled(true));
            }}
          >
            {t('header.changePassword')}
          </MenuItem>
          <MenuItem
            onClick={() => {
              close();
              setAboutOpen(true);
            }}
          >
            {t('about.menu')}
          </MenuItem>
          <MenuItem
            onClick={() => {
              close();
              void signOut();
            }}
          >
            {t('header.logout')}
          </MenuItem>
        </Menu>
        <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
      </Toolbar>
    </AppBar>
  );
}

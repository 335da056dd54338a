import { useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { MenuItem } from '@shared/api/auth';
import { menuLabel } from '@renderer/i18n/i18n';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { isImplemented } from '@renderer/router/screens';
import { useAppSelector } from '@renderer/store/hooks';
import { openableLink } from '@shared/menuLink';
import { webviewRoute } from '@renderer/features/webview/linkedMenu';
import { visibleMenu } from './menuFilter';
import { MenuIcon } from './menuIcons';

const containsPath = (item: MenuItem, path: string): boolean =>
  item.menuUrl === path || item.children.some((c) => containsPath(c, path));

function MenuEntry({ item, depth, expanded, toggle }: { item: MenuItem; depth: number; expanded: Set<string>; toggle: (no: string) => void }) {
  const lang = useLanguage();
  const { pathname, search } = useLocation();
  const label = menuLabel(item, lang);
  const icon = depth === 0 ? <ListItemIcon sx={{ minWidth: 36 }}><MenuIcon name={item.menuIcon} /></ListItemIcon> : null;

  if (item.children.length > 0) {
    const open = expanded.has(item.menuNo);
    return (
      <>
        <ListItemButton onClick={() => toggle(item.menuNo)} aria-expanded={open} sx={{ pl: 2 + depth * 2 }}>
          {icon}
          <ListItemText primary={label} />
          {open ? <ExpandLess /> : <ExpandMore />}
        </ListItemButton>
        <Collapse in={open} unmountOnExit>
          <List disablePadding>
            {item.children.map((c) => (
              <MenuEntry key={c.menuNo} item={c} depth={depth + 1} expanded={expanded} toggle={toggle} />
            ))}
          </List>
        </Collapse>
      </>
    );
  }
  if (item.menuLink) {
    // Inside the layout, the whole window or the parent frame: the app's own route opens it (and checks it).
    // A new window: a real link (only an http(s) one; anything else goes to /webview, which says why not).
    const route = openableLink(item.menuLink) ? webviewRoute(item) : webviewRoute({ ...item, target: 'iframe' });
    const shown = pathname === '/webview' && new URLSearchParams(search).get('menu') === item.menuNo;
    if (route) {
      return (
        <ListItemButton component={RouterLink} to={route} selected={shown} aria-current={shown ? 'page' : undefined} sx={{ pl: 2 + depth * 2 }}>
          {icon}
          <ListItemText primary={label} />
        </ListItemButton>
      );
    }
    return (
      <ListItemButton component="a" href={item.menuLink} target="_blank" rel="noopener noreferrer" sx={{ pl: 2 + depth * 2 }}>
        {icon}
        <ListItemText primary={label} />
      </ListItemButton>
    );
  }
  return (
    <ListItemButton component={RouterLink} to={item.menuUrl ?? '/'} selected={item.menuUrl === pathname}
      aria-current={item.menuUrl === pathname ? 'page' : undefined} sx={{ pl: 2 + depth * 2 }}>
      {icon}
      <ListItemText primary={label} />
    </ListItemButton>
  );
}

/** The navigation the server grants, filtered to what can be shown. */
export function SideMenu() {
  const t = useT();
  const { pathname } = useLocation();
  const menuList = useAppSelector((s) => s.menu.menuList);
  const items = useMemo(() => visibleMenu(menuList, isImplemented), [menuList]);
  // The group holding the current screen starts open.
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(items.filter((i) => containsPath(i, pathname)).map((i) => i.menuNo)));
  const toggle = (no: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(no)) next.delete(no);
      else next.add(no);
      return next;
    });

  return (
    <nav aria-label={t('nav.label')} data-testid="side-menu">
      <List dense disablePadding>
        {items.map((item) => (
          <MenuEntry key={item.menuNo} item={item} depth={0} expanded={expanded} toggle={toggle} />
        ))}
      </List>
    </nav>
  );
}

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
import { visibleMenu } from './menuFilter';
import { MenuIcon } from './menuIcons';

const containsPath = (item: MenuItem, path: string): boolean =>
  item.menuUrl === path || item.children.some((c) => containsPath(c, path));

function MenuEntry({ item, depth, expanded, toggle }: { item: MenuItem; depth: number; expanded: Set<string>; toggle: (no: string) => void }) {
  const lang = useLanguage();
  const { pathname } = useLocation();
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
  // Real links: a middle click, Ctrl+click or the context menu open the screen in a new tab as anywhere on the web.
  if (item.menuLink) {
    const target = item.target || '_blank';
    return (
      <ListItemButton component="a" href={item.menuLink} target={target} rel={target === '_self' ? undefined : 'noopener noreferrer'} sx={{ pl: 2 + depth * 2 }}>
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

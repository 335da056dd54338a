import { useLocation, useNavigate } from 'react-router-dom';
import { Box, Tab, Tabs } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { screenLabel } from '@renderer/router/screens';
import { useCloseTab } from '@renderer/hooks/useCloseTab';
import { useAppSelector } from '@renderer/store/hooks';
import { HOME_PATH } from '@renderer/store/tabsSlice';

/** The open pages: one tab per path; closing the current one moves to its neighbour, one with unsaved changes asks. */
export function TabsBar() {
  const t = useT();
  const lang = useLanguage();
  const navigate = useNavigate();
  const close = useCloseTab();
  const { pathname } = useLocation();
  const tabs = useAppSelector((s) => s.tabs.tabs);
  const menuList = useAppSelector((s) => s.menu.menuList);
  const active = tabs.some((tab) => tab.path === pathname) ? pathname : false;

  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      {/*
        The scroll buttons always keep their place (greyed out while nothing is hidden): with "auto" they appear
        once the tabs overflow, which shrinks the strip just after the new tab was scrolled into view, leaving it
        cut off at the right.
      */}
      <Tabs value={active} variant="scrollable" scrollButtons aria-label={t('tabs.label')}>
        {tabs.map((tab) => {
          const label = tab.path === HOME_PATH ? t('home.title') : lang === 'zh-CN' ? tab.label : screenLabel(tab.value, menuList, lang);
          return (
            <Tab
              key={tab.path}
              value={tab.path}
              aria-label={label}
              onClick={() => void navigate(tab.value)}
              sx={{ minHeight: 40, py: 0 }}
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  {label}
                  {tab.closable && (
                    <Box
                      component="span"
                      role="button"
                      aria-label={t('tabs.close', { label })}
                      sx={{ display: 'inline-flex', borderRadius: '50%', '&:hover': { bgcolor: 'action.hover' } }}
                      onClick={(e) => {
                        e.stopPropagation();
                        void close(tab.path);
                      }}
                    >
                      <CloseIcon fontSize="inherit" />
                    </Box>
                  )}
                </Box>
              }
            />
          );
        })}
      </Tabs>
    </Box>
  );
}

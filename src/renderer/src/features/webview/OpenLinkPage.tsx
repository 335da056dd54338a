import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { getMenuList } from '@renderer/session/session';
import { menuLabel } from '@renderer/i18n/i18n';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { decideLink } from './linkedMenu';

/**
 * Opens the whole window on a linked menu item's site: in a browser the window goes there; in the desktop app
 * the window policy keeps the app's window on the app, so the site opens in the system browser (an http(s)
 * address only, see src/main/window-policy.ts). From the parent frame (/webview/parent) when the app is framed
 * by a page of its own origin; otherwise as /webview/self.
 */
export function openWhole(url: string, fromParent: boolean): 'left' | 'outside' {
  if (window.api) {
    window.open(url, '_blank', 'noopener,noreferrer');
    return 'outside';
  }
  if (fromParent && window.parent !== window) window.parent.location.href = url;
  else window.location.assign(url);
  return 'left';
}

/** /webview/self and /webview/parent: outside the signed-in shell, with a way back. */
export default function OpenLinkPage() {
  const t = useT();
  const lang = useLanguage();
  const navigate = useNavigate();
  const fromParent = useLocation().pathname === '/webview/parent';
  const menuNo = useSearchParams()[0].get('menu');
  const decision = decideLink(getMenuList(), menuNo);
  const href = decision.ok ? decision.url.href : null;
  const [outcome, setOutcome] = useState<'left' | 'outside' | null>(null);
  // Once per visit, also under React's development double effects.
  const opened = useRef<string | null>(null);

  useEffect(() => {
    if (!href || opened.current === href) return;
    opened.current = href;
    setOutcome(openWhole(href, fromParent));
  }, [href, fromParent]);

  const back = () => void (window.history.length > 1 ? navigate(-1) : navigate('/'));
  let text: string;
  if (!decision.ok) {
    text = decision.reason === 'noMenu'
      ? t('webview.noMenu', { menu: menuNo ?? '' })
      : t('webview.badLink', { name: menuLabel(decision.item, lang), link: decision.item.menuLink ?? '' });
  } else text = t(outcome === 'outside' ? 'webview.openedOutside' : 'webview.opening', { link: decision.url.href });
  return (
    <Stack spacing={2} sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      {decision.ok
        ? <Typography variant="h6" data-testid="webview-opening" sx={{ wordBreak: 'break-all' }}>{text}</Typography>
        : <Alert severity="error" data-testid="webview-refused">{text}</Alert>}
      <Button variant="contained" onClick={back}>{t('webview.back')}</Button>
    </Stack>
  );
}

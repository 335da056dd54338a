import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useCloseTab } from '@renderer/hooks/useCloseTab';
import { menuLabel } from '@renderer/i18n/i18n';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { useAppSelector } from '@renderer/store/hooks';
import { decideLink, sandboxFor } from './linkedMenu';

/** How long a framed page may take to load before the screen suggests opening it in a new window. */
export const SLOW_FRAME_MS = 10_000;

/**
 * /webview?menu=<menuNo>: a linked menu item's site inside the layout, under a bar with its address, 在新窗口打开,
 * 刷新 and 关闭. Only the link of a menu the server granted is opened, and only an http(s) one. Whether the
 * site allows being framed (X-Frame-Options, CSP frame-ancestors) cannot be read from here (the answer is
 * another origin's): the bar always offers the new window and says when to use it, and a frame that has not
 * loaded after SLOW_FRAME_MS says so again.
 */
export default function WebviewPage() {
  const t = useT();
  const lang = useLanguage();
  const close = useCloseTab();
  const menuNo = useSearchParams()[0].get('menu');
  const menuList = useAppSelector((s) => s.menu.menuList);
  const decision = decideLink(menuList, menuNo);
  const src = decision.ok ? decision.url.href : null;
  const [loads, setLoads] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    setLoaded(false);
    setSlow(false);
    if (!src) return undefined;
    const timer = setTimeout(() => setSlow(true), SLOW_FRAME_MS);
    return () => clearTimeout(timer);
  }, [src, loads]);

  if (!decision.ok) {
    const message = decision.reason === 'noMenu'
      ? t('webview.noMenu', { menu: menuNo ?? '' })
      : t('webview.badLink', { name: menuLabel(decision.item, lang), link: decision.item.menuLink ?? '' });
    return <Alert severity="error" data-testid="webview-refused">{message}</Alert>;
  }
  const name = menuLabel(decision.item, lang);
  return (
    <Stack spacing={1} sx={{ flex: 1, minHeight: 0 }}>
      <Paper variant="outlined" sx={{ px: 1.5, py: 1 }} role="toolbar" aria-label={name}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 'none' }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 'none' }}>{t('webview.address')}</Typography>
          <Typography variant="body2" data-testid="webview-address" title={src!} sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', userSelect: 'all' }}>
            {src}
          </Typography>
          <Button size="small" variant="contained" startIcon={<OpenInNewIcon />} href={src!} target="_blank" rel="noopener noreferrer">{t('webview.openNew')}</Button>
          <Button size="small" onClick={() => setLoads((n) => n + 1)}>{t('webview.reload')}</Button>
          <Button size="small" onClick={() => void close('/webview')}>{t('webview.close')}</Button>
        </Stack>
        <Typography variant="caption" color="text.secondary">{t('webview.hint')}</Typography>
      </Paper>
      {slow && !loaded && <Alert severity="warning" data-testid="webview-slow">{t('webview.slow')}</Alert>}
      <Box key={`${src}#${loads}`} component="iframe" title={name} src={src!} data-testid="webview-frame"
        sandbox={sandboxFor(decision.url, window.location.origin)} referrerPolicy="no-referrer" allow=""
        onLoad={() => setLoaded(true)}
        sx={{ flex: 1, minHeight: 0, width: '100%', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }} />
    </Stack>
  );
}

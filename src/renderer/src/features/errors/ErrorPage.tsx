import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Stack, Typography } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';

/** /401 /403 /404 /500 /502: the code, a sentence and the way home. */
export default function ErrorPage() {
  const t = useT();
  const navigate = useNavigate();
  const code = useLocation().pathname.slice(1);
  return (
    <Stack spacing={2} sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <Typography variant="h1" component="h1" color="primary" data-testid="error-code">
        {code}
      </Typography>
      <Typography variant="h6">{t(`error.${code}` as MessageKey)}</Typography>
      <Button variant="contained" onClick={() => void navigate('/')}>
        {t('common.backHome')}
      </Button>
    </Stack>
  );
}

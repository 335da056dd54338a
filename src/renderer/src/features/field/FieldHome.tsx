import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { hasPermission } from '@renderer/permission/permission';
import { useAppSelector } from '@renderer/store/hooks';
import { fieldEntries } from './fieldScreens';

/** The field app's home (/field): the field screens this user may open, in the features' order (my trips first). */
export default function FieldHome() {
  const t = useT();
  const lang = useLanguage();
  const granted = useAppSelector((s) => s.menu.permissions);
  const user = useAppSelector((s) => s.auth.user);
  const entries = fieldEntries().filter((s) => !s.permission || hasPermission(s.permission, granted));
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{t('field.hello', { name: user?.name ?? '' })}</Typography>
      {entries.length === 0 ? <Alert severity="info">{t('field.nothing')}</Alert> : (
        <Stack spacing={1.5} component="nav" aria-label={t('field.appTitle')}>
          {entries.map((s) => (
            <Card key={s.path} variant="outlined">
              <CardActionArea component={RouterLink} to={s.path}>
                <CardContent>
                  <Typography variant="h6" component="span">{lang === 'en' ? s.titleEn : s.title}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      )}
    </Box>
  );
}

import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, CardActions, CardContent, Stack, TextField, Typography } from '@mui/material';
import { HOUSEHOLD, type HouseholdRow } from '@shared/api/household';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { callEndpoint } from '@renderer/store/endpoints';
import { HouseholdCard } from './HouseholdCard';

/** /field/household: find a user by the beginning of their phone number or name (answers masked), then check or deliver. */
export default function FieldHouseholdPage() {
  const t = useT();
  const canCheck = usePermission(['household:check']);
  const canDeliver = usePermission(['household:deliver']);
  const [text, setText] = useState('');
  const [found, setFound] = useState<HouseholdRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const find = async () => {
    const v = text.trim();
    if (!v) return;
    setProblem(null);
    try {
      const page = await callEndpoint(HOUSEHOLD.page, { ...(/^\d/.test(v) ? { phone: v } : { name: v }), status: 1, size: 20 }, { silent: true });
      setFound(page.list);
    } catch (e) {
      setProblem((e as Error).message);
    }
  };

  return (
    <Box sx={{ p: 2, maxWidth: 560, mx: 'auto' }}>
      <Stack direction="row" spacing={1} component="form" onSubmit={(e) => { e.preventDefault(); void find(); }}>
        <TextField fullWidth size="small" label={t('field.household.search')} value={text} onChange={(e) => setText(e.target.value)} slotProps={{ htmlInput: { maxLength: 64 } }} />
        <Button type="submit" variant="contained">{t('field.household.find')}</Button>
      </Stack>
      {problem && <Alert severity="error" sx={{ mt: 2 }}>{problem}</Alert>}
      {found?.length === 0 && <Typography sx={{ mt: 2 }} color="text.secondary">{t('field.household.none')}</Typography>}
      <Stack spacing={1.5} sx={{ mt: 2 }}>
        {found?.map((u) => (
          <Card key={u.id} variant="outlined">
            <CardContent><HouseholdCard user={u} /></CardContent>
            <CardActions>
              {canCheck && <Button component={RouterLink} to={`/field/household/${u.id}/check`}>{t('field.household.check')}</Button>}
              {canDeliver && <Button component={RouterLink} to={`/field/household/${u.id}/deliver`} variant="contained">{t('field.household.deliver')}</Button>}
            </CardActions>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}

import { useState } from 'react';
import { Paper, Stack, TextField, Typography } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { readWorkstation, saveWorkstation, WORKSTATION_MAX_LENGTH } from '@renderer/session/workstation';

/** 工作站名称: saved as it is typed; every request names this workstation, the trace records it. */
export function WorkstationSection() {
  const t = useT();
  const [name, setName] = useState(readWorkstation);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField size="small" label={t('machine.workstation')} value={name} placeholder={t('machine.workstationPlaceholder')}
          onChange={(e) => (setName(e.target.value), saveWorkstation(e.target.value))}
          slotProps={{ htmlInput: { maxLength: WORKSTATION_MAX_LENGTH } }} sx={{ width: 320 }} />
        <Typography variant="body2" color="text.secondary">{t('machine.workstationHint')}</Typography>
      </Stack>
    </Paper>
  );
}

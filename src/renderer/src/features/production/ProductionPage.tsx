import { useState } from 'react';
import { Box, Button, Stack, Tab, Tabs } from '@mui/material';
import type { PermissionKey } from '@shared/menus';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';
import { hasPermission } from '@renderer/permission/permission';
import { HasPermission } from '@renderer/permission/Permission';
import { useAppSelector } from '@renderer/store/hooks';
import { FillStation } from './FillStation';
import { ReweighStation } from './ReweighStation';
import { PickStation } from './PickStation';
import { ProduceRecords } from './ProduceRecords';
import { RollbackDialog } from './RollbackDialog';
import { SuspendDialog } from './SuspendDialog';
import { VacuumStation } from './VacuumStation';

type StationName = 'vacuum' | 'pick' | 'fill' | 'metage';
const STATIONS: { name: StationName; label: MessageKey; permission: PermissionKey }[] = [
  { name: 'vacuum', label: 'production.station.vacuum', permission: 'produce:vacuum' },
  { name: 'pick', label: 'production.station.pick', permission: 'produce:picking' },
  { name: 'fill', label: 'production.station.fill', permission: 'produce:filling' },
  { name: 'metage', label: 'production.station.metage', permission: 'produce:metage' },
];

/**
 * 充装管理: the scanning stations of the filling workshop (抽真空, 领瓶, 充装, 复秤; each shown to the users
 * holding its key), 回退 of a cylinder's newest step, and the production records below.
 */
export default function ProductionPage() {
  const t = useT();
  const granted = useAppSelector((s) => s.menu.permissions);
  const stations = STATIONS.filter((s) => hasPermission([s.permission], granted));
  const [chosen, setChosen] = useScreenState<StationName>('station', 'pick');
  const current = stations.find((s) => s.name === chosen) ?? stations[0];
  const [rollback, setRollback] = useState(false);
  const [suspension, setSuspension] = useState(false);

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        {current && (
          <Tabs value={current.name} onChange={(_, v: StationName) => setChosen(v)} aria-label={t('production.stations')}
            sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 0, fontSize: 16 } }}>
            {stations.map((s) => <Tab key={s.name} value={s.name} label={t(s.label)} />)}
          </Tabs>
        )}
        <Box sx={{ flex: 1 }} />
        <HasPermission keys={['produce:suspend']}>
          <Button variant="outlined" color="error" sx={{ mr: 1 }} onClick={() => setSuspension(true)}>{t('production.suspension')}</Button>
        </HasPermission>
        <HasPermission keys={['produce:rollback']}>
          <Button variant="outlined" color="warning" onClick={() => setRollback(true)}>{t('production.rollback')}</Button>
        </HasPermission>
      </Stack>
      {current?.name === 'vacuum' && <VacuumStation />}
      {current?.name === 'pick' && <PickStation />}
      {current?.name === 'fill' && <FillStation />}
      {current?.name === 'metage' && <ReweighStation />}
      <ProduceRecords />
      {rollback && <RollbackDialog open onClose={() => setRollback(false)} />}
      {suspension && <SuspendDialog open onClose={() => setSuspension(false)} />}
    </Stack>
  );
}

import { useState } from 'react';
import { useScanCall } from '@renderer/store/endpoints';
import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { PRODUCTION } from '@shared/api/production';
import { useMaterialOptions } from '@renderer/features/lookups';
import { LOCAL_RULES, stationRule } from '@renderer/features/offline';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { STATION_KEYS } from '@renderer/stations/localSetting';
import { productionApi } from './productionApi';
import { GasSelect, OperatorField, backToScan, useOperator, useStationGas } from '@renderer/stations/StationFields';
import { StationPanel } from '@renderer/stations/StationPanel';
import { resultVerdict, useStation } from '@renderer/stations/useStation';

/**
 * 领瓶: each scan picks an empty cylinder for filling (在库 → 已领瓶), for the chosen gas or the cylinder's
 * own; in 退回 mode each scan gives a picked one back to stock (已领瓶 → 在库) with an optional reason.
 */
export function PickStation() {
  const t = useT();
  const station = useStation('pick', 'pick');
  const allowed = usePermission(['produce:picking']);
  const [operator, setOperator] = useOperator(STATION_KEYS.fillingUser);
  const [materialId, setMaterialId] = useStationGas();
  const gasOptions = useMaterialOptions();
  const [returning, setReturning] = useState(false);
  const [reason, setReason] = useState('');
  const pick = useScanCall(productionApi.endpoints.addPicking);
  const giveBack = useScanCall(productionApi.endpoints.returnPicking);

  const onScan = (code: string) => station.run(code, async (scanId) => {
    const result = returning
      ? await giveBack({ code, scanId, reason: reason.trim() || null }).unwrap()
      : await pick({ code, scanId, ...(materialId ? { materialId } : {}) }).unwrap();
    return resultVerdict(t, result);
  // 退回 gives a cylinder back to stock: it waits for the server (not kept offline, nothing to refuse it for).
  }, returning
    ? undefined
    : stationRule(t, {
      station: 'pick', rule: LOCAL_RULES.pick, code, endpoint: PRODUCTION.addPicking, arg: { code, ...(materialId ? { materialId } : {}) },
      operator, materialId, refusedTitle: t('offline.pickRefused', { code }),
    }));

  return (
    <StationPanel station={station} onScan={onScan} disabled={!allowed}
      scanLabel={returning ? t('production.scanReturn') : t('production.scanPick')}
      settings={(
        <>
          <Stack direction="row" spacing={1}>
            <OperatorField value={operator} onChange={setOperator} focusScan={station.focusScan} />
            <GasSelect gases={gasOptions} value={materialId} onChange={setMaterialId} focusScan={station.focusScan} optional label={t('production.pickGas')} />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FormControlLabel label={t('production.returnMode')}
              control={<Switch checked={returning} onChange={(e) => (setReturning(e.target.checked), station.focusScan())} />} />
            {returning && (
              <TextField size="small" label={t('production.returnReason')} value={reason} onChange={(e) => setReason(e.target.value)}
                onKeyDown={backToScan(station.focusScan)} slotProps={{ htmlInput: { maxLength: 200 } }} sx={{ flex: 1 }} />
            )}
          </Stack>
        </>
      )} />
  );
}

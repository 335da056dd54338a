import { PRODUCTION } from '@shared/api/production';
import { useScanCall } from '@renderer/store/endpoints';
import { Stack } from '@mui/material';
import { LOCAL_RULES, stationRule } from '@renderer/features/offline';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { STATION_KEYS } from '@renderer/stations/localSetting';
import { productionApi } from './productionApi';
import { OperatorField, TypedValueField, useOperator, useTypedValue } from '@renderer/stations/StationFields';
import { StationPanel } from '@renderer/stations/StationPanel';
import { resultVerdict, useStation, type Verdict } from '@renderer/stations/useStation';

/**
 * 抽真空: a new cylinder or one back from its periodic inspection (在库), a returned one (已回收) or one
 * awaiting analysis (待分析) is vacuumed before its flammable fill; each scan records the vacuum reached
 * (typed for that cylinder and cleared, unless fixed for a batch on the manifold) and leaves it 在库.
 */
export function VacuumStation() {
  const t = useT();
  const station = useStation('vacuum', 'vacuum');
  const allowed = usePermission(['produce:vacuum']);
  const [operator, setOperator] = useOperator(STATION_KEYS.fillingUser);
  const typed = useTypedValue('vacuum.pressure');
  const vacuum = useScanCall(productionApi.endpoints.vacuumScan);

  const onScan = (code: string) => {
    if (Number.isNaN(typed.value)) return station.run(code, () => Promise.resolve<Verdict>({ kind: 'refused', code, title: t('production.badNumber') }));
    if (typeof typed.value !== 'number') return station.run(code, () => Promise.resolve<Verdict>({ kind: 'refused', code, title: t('production.noVacuum') }));
    const pressure = typed.value;
    const fixedValue = typed.fixed;
    typed.used();
    const arg = { code, pressure, ...(fixedValue ? { fixedValue } : {}) };
    return station.run(code, async (scanId): Promise<Verdict> => {
      const result = await vacuum({ ...arg, scanId }).unwrap();
      return resultVerdict(t, result, fixedValue ? t('production.fixValue') : undefined);
    }, stationRule(t, { station: 'vacuum', rule: LOCAL_RULES.vacuum, code, endpoint: PRODUCTION.vacuum, arg, operator, note: `${pressure} MPa` }));
  };

  return (
    <StationPanel station={station} onScan={onScan} disabled={!allowed} scanLabel={t('production.scanVacuum')}
      settings={(
        <>
          <Stack direction="row" spacing={1}>
            <OperatorField value={operator} onChange={setOperator} focusScan={station.focusScan} />
          </Stack>
          <TypedValueField typed={typed} label={t('production.vacuumValue')} unit="MPa" min={-0.2} max={1} decimal={4} focusScan={station.focusScan} />
        </>
      )} />
  );
}

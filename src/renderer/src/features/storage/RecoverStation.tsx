import { STORAGE } from '@shared/api/storage';
import { useScanCall } from '@renderer/store/endpoints';
import { useRef } from 'react';
import { TextField } from '@mui/material';
import { backToScan } from '@renderer/stations/StationFields';
import { resultVerdict, useStation, type Verdict } from '@renderer/stations/useStation';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { LOCAL_RULES, stationRule } from '@renderer/features/offline';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { CustomerSelect } from './CustomerSelect';
import { StationPanel } from '@renderer/stations/StationPanel';
import { storageApi } from './storageApi';

/**
 * 回收: each scan takes a cylinder back from the customer (已出库 → 已回收). A cylinder the system believes is
 * elsewhere is still taken back; the answer says where it was thought to be, shown amber beside the verdict.
 */
export function RecoverStation() {
  const t = useT();
  const station = useStation('recover', 'recover');
  const allowed = usePermission(['inbound:recover']);
  const [customerId, setCustomerId] = useScreenState<number | null>('recover.customer', null);
  const [remark, setRemark] = useScreenState<string>('recover.remark', '');
  const latest = useRef({ customerId, remark });
  latest.current = { customerId, remark };
  const recover = useScanCall(storageApi.endpoints.recover);

  const onScan = (code: string) => {
    const { customerId: customer, remark: note } = latest.current;
    const arg = { code, ...(customer ? { customerId: customer } : {}), ...(note.trim() ? { remark: note.trim() } : {}) };
    return station.run(code, async (scanId): Promise<Verdict> => {
      const answer = await recover({ ...arg, scanId }).unwrap();
      const verdict = resultVerdict(t, answer);
      return answer.discrepancy ? { ...verdict, warning: t('storage.discrepancy', { text: answer.discrepancy }) } : verdict;
    }, stationRule(t, { station: 'recover', rule: LOCAL_RULES.recover, code, endpoint: STORAGE.scanHandel, arg }));
  };

  return (
    <StationPanel station={station} onScan={onScan} disabled={!allowed} scanLabel={t('storage.scanRecover')}
      settings={(
        <>
          <CustomerSelect label={t('storage.returnCustomer')} placeholder={t('storage.anyCustomer')} value={customerId} onChange={setCustomerId} onChosen={station.focusScan} />
          <TextField size="small" label={t('common.remark')} value={remark} onChange={(e) => setRemark(e.target.value)}
            onKeyDown={backToScan(station.focusScan)} slotProps={{ htmlInput: { maxLength: 255 } }} />
        </>
      )} />
  );
}

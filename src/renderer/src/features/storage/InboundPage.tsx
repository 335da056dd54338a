import { Stack, Tab, Tabs } from '@mui/material';
import type { OrderRow } from '@shared/api/storage';
import type { PermissionKey } from '@shared/menus';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';
import { hasPermission } from '@renderer/permission/permission';
import { useAppSelector } from '@renderer/store/hooks';
import { EMPTY_SETUP, IN_SETUP_KEY, InStockStation, type InSetup, type InType } from './InStockStation';
import { InOrderList } from './InOrderList';
import { RecoverStation } from './RecoverStation';
import { RecoveryList } from './RecoveryList';

type Part = 'in' | 'recover' | 'orders' | 'recoveries';
const PARTS: { name: Part; label: MessageKey; permission: PermissionKey }[] = [
  { name: 'in', label: 'storage.tab.in', permission: 'inbound:add' },
  { name: 'recover', label: 'storage.tab.recover', permission: 'inbound:recover' },
  { name: 'orders', label: 'storage.tab.inOrders', permission: 'inbound:view' },
  { name: 'recoveries', label: 'storage.tab.recoveries', permission: 'inbound:view' },
];

/**
 * 入库管理: the 入库 and 回收 scanning stations (each for the users holding its key), the stock-in orders
 * and the recovery records.
 */
export default function InboundPage() {
  const t = useT();
  const granted = useAppSelector((s) => s.menu.permissions);
  const parts = PARTS.filter((p) => hasPermission([p.permission], granted));
  const [chosen, setChosen] = useScreenState<Part>('part', 'in');
  const [, setSetup] = useScreenState<InSetup>(IN_SETUP_KEY, EMPTY_SETUP);
  const current = parts.find((p) => p.name === chosen) ?? parts[0];
  const list = current?.name === 'orders' || current?.name === 'recoveries';

  // 继续入库: the station takes the open order with its type and warehouse.
  const resume = (row: OrderRow) => {
    setSetup({
      type: row.type as InType, warehouseId: row.warehouseId, remark: row.remark ?? '',
      order: { id: row.id, orderNo: row.orderNo, type: row.type, status: row.status, count: row.count },
    });
    setChosen('in');
  };

  return (
    <Stack spacing={1} sx={{ minWidth: 0, ...(list ? { flex: 1, minHeight: 0 } : {}) }}>
      {current && (
        <Tabs value={current.name} onChange={(_, v: Part) => setChosen(v)} aria-label={t('storage.inboundParts')}
          sx={{ minHeight: 40, flex: 'none', '& .MuiTab-root': { minHeight: 40, py: 0, fontSize: 16 } }}>
          {parts.map((p) => <Tab key={p.name} value={p.name} label={t(p.label)} />)}
        </Tabs>
      )}
      {current?.name === 'in' && <InStockStation />}
      {current?.name === 'recover' && <RecoverStation />}
      {current?.name === 'orders' && <InOrderList onResume={resume} />}
      {current?.name === 'recoveries' && <RecoveryList />}
    </Stack>
  );
}

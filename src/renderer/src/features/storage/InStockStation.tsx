import { useMemo, useRef, useState } from 'react';
import { useScanCall } from '@renderer/store/endpoints';
import { Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { IN_TYPES, ORDER_TYPES, STORAGE, type OrderItemRow, type OrderRef } from '@shared/api/storage';
import { PaginatedTable, type TableColumn } from '@renderer/components/PaginatedTable';
import { lookupsApi } from '@renderer/features/lookups';
import { dateTime } from '@renderer/stations/format';
import { backToScan } from '@renderer/stations/StationFields';
import { failureOf } from '@renderer/stations/scan';
import { resultVerdict, useStation, type Verdict } from '@renderer/stations/useStation';
import { statusLabel } from '@renderer/utils/productStatus';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { LOCAL_RULES, stationRule } from '@renderer/features/offline';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { usePermission } from '@renderer/permission/permission';
import { typeLabel } from './orders';
import { LastScanned, StationPanel } from '@renderer/stations/StationPanel';
import { StationPrintBar, stepDone, useStationPrint } from '@renderer/features/label';
import { storageApi } from './storageApi';

export type InType = (typeof IN_TYPES)[number];

/** The stock-in station's set-up and its open order, kept with the screen (a switch of tabs keeps them). */
export interface InSetup {
  type: InType;
  warehouseId: number | null;
  remark: string;
  /** The order the scans go onto: none until the first scan creates it (or 继续入库 in the list). */
  order: OrderRef | null;
}
export const IN_SETUP_KEY = 'in.setup';
export const EMPTY_SETUP: InSetup = { type: 'spaceRk', warehouseId: null, remark: '', order: null };

/** The cylinders of one order (入库单 detail, the open order at the station). */
export function OrderItemsTable({ orderId, stateKey, height }: { orderId: number; stateKey: string; height?: number }) {
  const t = useT();
  const columns = useMemo<TableColumn<OrderItemRow>[]>(() => [
    { field: 'at', headerName: t('storage.time'), width: 150, valueFormatter: (v: string) => dateTime(v) },
    { field: 'code', headerName: t('storage.code'), width: 150 },
    { field: 'materialName', headerName: t('storage.gas'), width: 110 },
    { field: 'specification', headerName: t('storage.spec'), width: 100 },
    { field: 'status', headerName: t('storage.cylinderStatus'), width: 90, valueFormatter: (v: number) => statusLabel(t, v) },
    { field: 'operator', headerName: t('storage.operator'), width: 90 },
    { field: 'workstation', headerName: t('storage.workstation'), flex: 1, minWidth: 90 },
  ], [t]);
  return (
    <PaginatedTable<OrderItemRow> query={storageApi.useOrderItemsQuery} columns={columns} filters={{ orderId }} stateKey={stateKey} defaultPageSize={10} height={height} />
  );
}

/**
 * 入库: choose 空瓶入库 or 成品入库 and a warehouse of the matching kind; the first scan creates the order,
 * each scan puts one cylinder on it, 完成入库 closes it and the station starts a new one.
 */
export function InStockStation() {
  const t = useT();
  const lang = useLanguage();
  const [setup, setSetup] = useScreenState<InSetup>(IN_SETUP_KEY, EMPTY_SETUP);
  const station = useStation('inStock', setup.type === 'spaceRk' ? 'stockInEmpty' : 'stockInProduct');
  const allowed = usePermission(['inbound:add']);
  const printer = useStationPrint('stockIn');
  const latest = useRef(setup);
  latest.current = setup;
  const { data: warehouses } = lookupsApi.useWarehouseOptionsQuery({});
  const kind = ORDER_TYPES[setup.type].warehouseKind;
  const choices = (warehouses ?? []).filter((w) => w.kind === kind);
  const known = setup.warehouseId !== null && choices.some((w) => w.id === setup.warehouseId);
  const inStock = useScanCall(storageApi.endpoints.inStock);
  const [completing, setCompleting] = useState(false);
  const { order } = setup;

  const update = (patch: Partial<InSetup>) => {
    latest.current = { ...latest.current, ...patch };
    setSetup((prev) => ({ ...prev, ...patch }));
  };

  const onScan = (code: string) => station.run(code, async (scanId): Promise<Verdict> => {
    const { type, warehouseId, remark, order: current } = latest.current;
    if (!current && !warehouseId) return { kind: 'refused', code, title: t('storage.chooseWarehouseFirst') };
    const answer = await inStock({
      ...(current ? { id: current.id } : {}),
      type, ...(warehouseId ? { warehouseId } : {}), ...(!current && remark.trim() ? { remark: remark.trim() } : {}),
      code, scanId,
    }).unwrap();
    update({ order: answer.order });
    // Finished goods get their label as they go into stock; empty cylinders none.
    if (type === 'productRK' && answer.scan && stepDone(answer.scan)) printer.afterStep(answer.scan.code);
    return answer.scan ? resultVerdict(t, answer.scan) : { kind: 'ok', code, title: t('storage.onOrder', { orderNo: answer.order.orderNo }) };
  }, async (scanId) => {
    // Offline only onto the order already open here: a new order cannot be made without the server.
    const { type, order: current } = latest.current;
    if (!current) return null;
    return stationRule(t, {
      station: 'inStock', rule: type === 'spaceRk' ? LOCAL_RULES.stockInEmpty : LOCAL_RULES.stockInProduct, code,
      endpoint: STORAGE.inStock, arg: { id: current.id, type, code }, orderId: current.id,
      // Finished goods get their label offline too: the plain one now, the designed one once the scan is recorded.
      extra: () => {
        if (type === 'productRK') printer.afterStep(code, scanId);
        return undefined;
      },
    })(scanId);
  });

  const complete = async () => {
    if (!order) return;
    setCompleting(true);
    try {
      const answer = await inStock({ id: order.id, complete: true }).unwrap();
      notify(t('storage.inDone', { orderNo: answer.order.orderNo, count: answer.order.count }), 'success');
      update({ order: null, remark: '' });
    } catch (e) {
      const f = failureOf(e);
      notify(f.message || t('production.refused'));
    } finally {
      setCompleting(false);
      station.focusScan();
    }
  };

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <StationPanel station={station} onScan={onScan} disabled={!allowed} scanLabel={t('storage.scanIn')}
        settings={(
          <>
            <Stack direction="row" spacing={1}>
              <TextField size="small" select label={t('storage.inType')} value={setup.type} disabled={!!order} sx={{ flex: 1 }} data-testid="in-type"
                onChange={(e) => (update({ type: e.target.value as InType, warehouseId: null }), station.focusScan())}>
                {IN_TYPES.map((v) => <MenuItem key={v} value={v}>{typeLabel(lang, v)}</MenuItem>)}
              </TextField>
              <TextField size="small" select label={t('storage.warehouse')} value={known ? setup.warehouseId : ''} disabled={!!order} sx={{ flex: 1.3, minWidth: 0 }}
                data-testid="in-warehouse" slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                onChange={(e) => {
                  const v = e.target.value as number | '';
                  update({ warehouseId: v === '' ? null : Number(v) });
                  station.focusScan();
                }}>
                <MenuItem value="" disabled>{choices.length ? t('storage.chooseWarehouse') : t('storage.noWarehouseOfKind')}</MenuItem>
                {choices.map((w) => <MenuItem key={w.id} value={w.id}>{w.warehouseName}</MenuItem>)}
              </TextField>
            </Stack>
            <TextField size="small" label={t('common.remark')} value={setup.remark} disabled={!!order} onChange={(e) => update({ remark: e.target.value })}
              onKeyDown={backToScan(station.focusScan)} slotProps={{ htmlInput: { maxLength: 255 } }} />
          </>
        )}
        below={(
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography data-testid="in-order" variant="body2" sx={{ flex: 1, minWidth: 0 }}>
                {order
                  ? <>{t('storage.currentOrder')}<strong>{order.orderNo}</strong>{t('storage.orderCount', { count: order.count })}</>
                  : <span style={{ opacity: 0.7 }}>{t('storage.newOrderOnScan')}</span>}
              </Typography>
              <Button variant="contained" color="success" disabled={!order || !allowed} loading={completing} onClick={() => void complete()}>
                {t('storage.completeIn')}
              </Button>
            </Stack>
            {setup.type === 'productRK' && <LastScanned station={station}>{(code) => <StationPrintBar printer={printer} lastCode={code} />}</LastScanned>}
          </Stack>
        )} />
      {order && (
        <Paper variant="outlined" sx={{ p: 1 }}>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>{t('storage.orderCylinders', { orderNo: order.orderNo })}</Typography>
          <OrderItemsTable orderId={order.id} stateKey="in.items" />
        </Paper>
      )}
    </Stack>
  );
}

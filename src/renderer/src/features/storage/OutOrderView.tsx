import { useEffect, useState } from 'react';
import { useScanCall } from '@renderer/store/endpoints';
import { Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { REPORT_KEYS, type ReportKey } from '@shared/api/setting';
import { ORDER_CANCELLED, STORAGE, type OrderItemRow, type OutOrderInfo } from '@shared/api/storage';
import { chooseLine, LOCAL_RULES, saveLocalOrder, stationRule } from '@renderer/features/offline';
import { useConfirm } from '@renderer/components/ListPage';
import { newScanId } from '@renderer/stations/scan';
import { notify } from '@renderer/notify/toast';
import { dateTime } from '@renderer/stations/format';
import { resultVerdict, useStation } from '@renderer/stations/useStation';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { useLanguage, useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';
import { usePermission } from '@renderer/permission/permission';
import { HasPermission } from '@renderer/permission/Permission';
import { useAppDispatch } from '@renderer/store/hooks';
import { CompleteDialog } from './CompleteDialog';
import { PrintMenuButton, usePrintReport } from '@renderer/features/report';
import { LineProgress, MaterialTestTable, PrintList, ScannedList, SignView } from './OrderParts';
import { OrderStatusChip, typeLabel } from './orders';
import { StationPanel } from '@renderer/stations/StationPanel';
import { storageApi } from './storageApi';
import { useCancelOrder } from './useCancelOrder';

/** 扫码出库: each scan puts a cylinder on the order (待出库 → 已扫描), counted on the line it matches. */
function OutScanStation({ order }: { order: OutOrderInfo }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const station = useStation(`out.${order.id}`, 'outboundScan');
  const scanOut = useScanCall(storageApi.endpoints.scanOutStock);
  // The order as the server shows it, kept on this PC for offline scans.
  useEffect(() => {
    void saveLocalOrder(order).catch(() => undefined);
  }, [order]);
  const onScan = (code: string) => station.run(code, async (scanId) => {
    const answer = await scanOut({ orderId: order.id, code, scanId }).unwrap();
    // The lines as the answer counts them, at once (the order is fetched again too).
    dispatch(storageApi.util.updateQueryData('outOrderInfo', { id: order.id }, (draft) => {
      draft.lines = answer.lines;
      draft.count = answer.lines.reduce((n, l) => n + l.scanned, 0);
    }));
    return resultVerdict(t, answer);
  }, stationRule(t, {
    station: 'outbound', rule: LOCAL_RULES.outboundScan, code, endpoint: STORAGE.scanOutStock, arg: { orderId: order.id, code }, orderId: order.id,
    extra: (facts) => chooseLine(order.id, facts),
  }));
  return (
    <StationPanel station={station} onScan={onScan} scanLabel={t('storage.scanOut')}
      settings={<LineProgress lines={order.lines} />} />
  );
}

const FIELDS: [MessageKey, (o: OutOrderInfo, lang: 'zh-CN' | 'en') => string][] = [
  ['storage.outType', (o, lang) => typeLabel(lang, o.type)],
  ['storage.customer', (o) => o.customerName ?? '—'],
  ['storage.vehicle', (o) => o.vehicle ?? '—'],
  ['storage.driver', (o) => o.driver ?? '—'],
  ['storage.escort', (o) => o.escort ?? '—'],
  ['storage.progress', (o) => `${o.count} / ${o.quantity}`],
  ['storage.createdAt', (o) => `${dateTime(o.createdAt)} ${o.operator ?? ''}`],
  ['storage.completedAt', (o) => (o.completedAt ? `${dateTime(o.completedAt)} ${o.completedBy ?? ''}` : '—')],
  ['storage.signName', (o) => (o.signName ? `${o.signName}（${dateTime(o.signedAt)}）` : '—')],
  ['common.remark', (o) => o.remark ?? '—'],
];
/** Shown on a cancelled order only. */
const CANCELLED: (typeof FIELDS)[number] = ['storage.cancelledAt', (o) => `${dateTime(o.cancelledAt)} ${o.cancelledBy ?? ''}：${o.cancelReason ?? ''}`];

/** What an outbound order prints (SPEC print-report names). */
const ORDER_REPORTS: readonly ReportKey[] = ['ACCOMPANYING_LIST', 'QUALITY_CERTIFICATE'];

type Part = 'items' | 'sign' | 'prints' | 'certificate';

/**
 * One outbound order: its header with 打印 and 完成出库, the scanning station while it is open (or the
 * lines' progress once done), then its scanned cylinders, signature, print record and 质量证明书.
 */
export function OutOrderView({ id, onBack }: { id: number; onBack: () => void }) {
  const t = useT();
  const lang = useLanguage();
  const { data: order, isError } = storageApi.useOutOrderInfoQuery({ id });
  const { data: items } = storageApi.useOutOrderItemsQuery({ id });
  const { data: sign } = storageApi.useSignInfoQuery({ id });
  const [part, setPart] = useScreenState<Part>('order.part', 'items');
  const { data: tests } = storageApi.useMaterialTestQuery({ id }, { skip: part !== 'certificate' });
  const canScan = usePermission(['outbound:scan']);
  const canAdd = usePermission(['outbound:add']);
  const canSign = usePermission(['outbound:sign']);
  const canComplete = canAdd && canSign;
  const [savePrint] = storageApi.useSavePrintInfoMutation();
  const [completing, setCompleting] = useState(false);
  // Made by the server from the plant's template; the order's print record says which and when.
  const printer = usePrintReport((key) => void savePrint({ id, documents: [REPORT_KEYS[key]] }).unwrap().catch(() => undefined));

  const [removeOut] = storageApi.useRemoveOutStockMutation();
  const confirm = useConfirm();
  const cancelOrder = useCancelOrder();

  /** 移出: a cylinder scanned onto this order by mistake leaves it (已扫描 → 待出库), after asking. */
  const removeOne = async (row: OrderItemRow) => {
    const ok = await confirm({
      title: t('storage.remove'), okText: t('storage.remove'), message: t('storage.removeConfirm', { code: row.code, orderNo: order?.orderNo ?? '' }),
    });
    if (!ok) return;
    try {
      const answer = await removeOut({ orderId: id, code: row.code, scanId: newScanId() }).unwrap();
      notify(answer.message, 'success');
    } catch {
      // The HTTP client has shown why.
    }
  };

  const back = <Button variant="outlined" onClick={onBack}>{t('storage.backToList')}</Button>;
  if (!order) return <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>{back}<Typography color="text.secondary">{t(isError ? 'storage.orderMissing' : 'storage.loading')}</Typography></Stack>;
  const open = order.status === 0;

  const print = (key: ReportKey) => void printer.print(key, { orderId: id }, `${REPORT_KEYS[key]} ${order.orderNo}`);

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="out-order-header">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h6" component="h2" data-testid="out-order-no">{order.orderNo}</Typography>
          <OrderStatusChip direction="out" status={order.status} />
          <Box sx={{ flex: 1 }} />
          {back}
          <HasPermission keys={['outbound:print']}>
            <PrintMenuButton reports={ORDER_REPORTS} onPick={print} busy={printer.busy} label={t('storage.print')} />
          </HasPermission>
          {open && order.count === 0 && (
            <HasPermission keys={['outbound:cancel']}>
              <Button variant="outlined" color="error" onClick={() => void cancelOrder(order)}>{t('storage.cancel')}</Button>
            </HasPermission>
          )}
          {open && canComplete && (
            <Button variant="contained" color="success" onClick={() => setCompleting(true)}>{t('storage.completeOut')}</Button>
          )}
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, max-content minmax(0, 1fr))', columnGap: 1.5, rowGap: 0.5 }}>
          {(order.status === ORDER_CANCELLED ? [...FIELDS, CANCELLED] : FIELDS).map(([label, value]) => [
            <Typography key={`${label}-l`} variant="body2" color="text.secondary">{t(label)}</Typography>,
            <Typography key={`${label}-v`} variant="body2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={value(order, lang)}>{value(order, lang)}</Typography>,
          ])}
        </Box>
      </Paper>
      {open && canScan
        ? <OutScanStation order={order} />
        : (
          <Paper variant="outlined" sx={{ p: 1.5, maxWidth: 560 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>{t('storage.lines')}</Typography>
            <LineProgress lines={order.lines} />
          </Paper>
        )}
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <Tabs value={part} onChange={(_, v: Part) => setPart(v)} aria-label={t('storage.orderParts')} sx={{ minHeight: 40, px: 1, '& .MuiTab-root': { minHeight: 40, py: 0 } }}>
          <Tab value="items" label={t('storage.scannedTab', { n: items?.filter((i) => !i.reverted).length ?? 0 })} />
          <Tab value="sign" label={t('storage.signTab')} />
          <Tab value="prints" label={t('storage.prints')} />
          <Tab value="certificate" label={t('storage.certificate')} />
        </Tabs>
        <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
          {part === 'items' && <ScannedList items={items ?? []} onRemove={open && canScan ? (row) => void removeOne(row) : undefined} />}
          {part === 'sign' && <SignView sign={sign ?? undefined} />}
          {part === 'prints' && <PrintList prints={order.prints} />}
          {part === 'certificate' && <MaterialTestTable rows={tests ?? []} />}
        </Box>
      </Paper>
      {completing && <CompleteDialog order={order} onClose={() => setCompleting(false)} onDone={() => setCompleting(false)} />}
      {printer.element}
    </Stack>
  );
}

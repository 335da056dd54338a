import { useMemo } from 'react';
import { Paper, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow } from '@mui/material';
import type { StockQuery, StockRow } from '@shared/api/storage';
import type { Place } from '@shared/cylinder/place';
import type { FormField, FormValues } from '@renderer/components/Form';
import { FilterBar, useListFilters } from '@renderer/components/ListPage';
import { useMaterialOptions, useWarehouseOptions } from '@renderer/features/lookups';
import { ALL_STATUSES, isNamedStatus, statusLabel } from '@renderer/utils/productStatus';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { placeLabel } from './orders';
import { storageApi } from './storageApi';

interface PivotRow {
  key: string;
  warehouseName: string;
  materialName: string;
  counts: Map<number, number>;
  total: number;
}

/** Places outside a warehouse, in the order the table lists them after the warehouses. */
const PLACE_ORDER: Place[] = ['warehouse', 'noWarehouse', 'workshop', 'order', 'vehicle', 'customer', 'returned', 'scrapped'];
const placeRank = (place: string) => {
  const i = PLACE_ORDER.indexOf(place as Place);
  return i < 0 ? PLACE_ORDER.length : i;
};

/**
 * The counts as place × gas rows (a warehouse by its name; the filling workshop, an outbound order, the
 * customers, the returned ones by where they are) with a column per status found, and the totals.
 */
export function pivot(rows: StockRow[], placeName: (place: string) => string) {
  const byKey = new Map<string, PivotRow & { rank: number }>();
  const statuses = new Set<number>();
  const totals = new Map<number, number>();
  let total = 0;
  for (const r of rows) {
    const key = `${r.place}|${r.warehouseId ?? '-'}|${r.materialId}`;
    const name = r.place === 'warehouse' && r.warehouseName ? r.warehouseName : placeName(r.place);
    const row = byKey.get(key) ?? { key, rank: placeRank(r.place), warehouseName: name, materialName: r.materialName ?? '', counts: new Map(), total: 0 };
    row.counts.set(r.status, (row.counts.get(r.status) ?? 0) + r.count);
    row.total += r.count;
    byKey.set(key, row);
    statuses.add(r.status);
    totals.set(r.status, (totals.get(r.status) ?? 0) + r.count);
    total += r.count;
  }
  const list = [...byKey.values()].sort((a, b) => a.rank - b.rank
    || a.warehouseName.localeCompare(b.warehouseName, 'zh-CN') || a.materialName.localeCompare(b.materialName, 'zh-CN'));
  return { rows: list, statuses: [...statuses].sort((a, b) => a - b), totals, total };
}

const idOf = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);
const stockQuery = (v: FormValues): StockQuery => {
  const [warehouseId, materialId, status] = [idOf(v.warehouseId), idOf(v.materialId), idOf(v.status)];
  return { ...(warehouseId ? { warehouseId } : {}), ...(materialId ? { materialId } : {}), ...(status !== undefined ? { status } : {}) };
};

/** 库存: how many cylinders each warehouse holds of each gas, by status, with the totals. */
export function StockSummary() {
  const t = useT();
  const warehouses = useWarehouseOptions();
  const gases = useMaterialOptions(true);
  const filters = useListFilters({}, 'stock');
  const { data, isFetching } = storageApi.useStockQuery(stockQuery(filters.applied));
  const lang = useLanguage();
  const table = useMemo(() => pivot(data ?? [], (place) => placeLabel(lang, place)), [data, lang]);
  const statusOptions = ALL_STATUSES.filter(isNamedStatus).map((s) => ({ value: s, label: statusLabel(t, s) }));
  const fields: FormField[] = [
    { key: 'warehouseId', label: t('storage.warehouse'), type: 'select', options: warehouses, span: 5 },
    { key: 'materialId', label: t('storage.gas'), type: 'select', options: gases, span: 5 },
    { key: 'status', label: t('storage.cylinderStatus'), type: 'select', options: statusOptions, span: 5 },
  ];
  const num = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' as const };
  const name = { whiteSpace: 'nowrap' as const, maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' };

  return (
    <Stack spacing={1} sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
      <FilterBar fields={fields} filters={filters} defaultSpan={5} />
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 200, overflow: 'auto', opacity: isFetching ? 0.6 : 1 }}>
        <Table size="small" stickyHeader aria-label={t('storage.stockTable')} data-testid="stock-table" sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={name}>{t('storage.place')}</TableCell>
              <TableCell sx={name}>{t('storage.gas')}</TableCell>
              {table.statuses.map((s) => <TableCell key={s} sx={num}>{statusLabel(t, s)}</TableCell>)}
              <TableCell sx={{ ...num, fontWeight: 700 }}>{t('storage.total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.length === 0 && (
              <TableRow><TableCell colSpan={table.statuses.length + 3} sx={{ color: 'text.secondary', textAlign: 'center' }}>{t('common.noData')}</TableCell></TableRow>
            )}
            {table.rows.map((r) => (
              <TableRow key={r.key} hover data-testid="stock-row">
                <TableCell sx={name} title={r.warehouseName}>{r.warehouseName}</TableCell>
                <TableCell sx={name} title={r.materialName}>{r.materialName}</TableCell>
                {table.statuses.map((s) => <TableCell key={s} sx={num}>{r.counts.get(s) ?? ''}</TableCell>)}
                <TableCell sx={{ ...num, fontWeight: 700 }}>{r.total}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          {table.rows.length > 0 && (
            <TableFooter>
              <TableRow data-testid="stock-total">
                <TableCell colSpan={2} sx={{ fontWeight: 700, color: 'text.primary' }}>{t('storage.total')}</TableCell>
                {table.statuses.map((s) => <TableCell key={s} sx={{ ...num, fontWeight: 700, color: 'text.primary' }}>{table.totals.get(s) ?? 0}</TableCell>)}
                <TableCell sx={{ ...num, fontWeight: 700, color: 'text.primary' }}>{table.total}</TableCell>
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </Paper>
    </Stack>
  );
}

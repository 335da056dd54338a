import { Box, Stack, Tab, Tabs } from '@mui/material';
import { useSystemRules } from '@renderer/features/lookups';
import { NumberInput } from '@renderer/components/NumberInput';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { intParam, useUrlFilters } from '@renderer/hooks/useUrlFilters';
import { useT } from '@renderer/i18n/useT';
import { CustomerHoldings, HoldingList, useHoldingFilters } from './Holdings';
import { StockSummary } from './StockSummary';

type Part = 'stock' | 'customers' | 'holdings';
const goodDays = (d: number | null): d is number => typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= 3650;

/**
 * 库存查询: 库存 (warehouse × gas × status counts), 客户持瓶 (per customer, with the long-out count) and
 * 持瓶明细 (the cylinders at customers, exportable). 超期天数 applies to the last two.
 */
export default function StockQueryPage() {
  const t = useT();
  const [part, setPart] = useScreenState<Part>('part', 'stock');
  // Untouched, 超期天数 is the plant's rule (系统规则 长期在外天数); a typed value is this screen's own.
  const { longOutDays } = useSystemRules();
  const [typedDays, setTypedDays] = useScreenState<number | null | undefined>('days', undefined);
  const shownDays = typedDays === undefined ? longOutDays : typedDays;
  const days = goodDays(shownDays) ? shownDays : longOutDays;
  const holdingFilters = useHoldingFilters();

  // A dashboard figure opens 持瓶明细 of a customer, or those out longer than the rule's days.
  useUrlFilters((p) => {
    if (p.get('part') !== 'holdings') return;
    const customerId = intParam(p, 'customerId');
    setTypedDays(undefined);
    holdingFilters.search({ ...(customerId ? { customerId } : {}), ...(p.get('overdue') === '1' ? { overdue: 1 } : {}) });
    setPart('holdings');
  });

  // A customer of 客户持瓶 opens its cylinders.
  const showCustomer = (customerId: number) => {
    holdingFilters.patch({ customerId });
    setPart('holdings');
  };

  return (
    <Stack spacing={1} sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flex: 'none' }}>
        <Tabs value={part} onChange={(_, v: Part) => setPart(v)} aria-label={t('storage.stockParts')}
          sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 0, fontSize: 16 } }}>
          <Tab value="stock" label={t('storage.tab.stock')} />
          <Tab value="customers" label={t('storage.tab.customers')} />
          <Tab value="holdings" label={t('storage.tab.holdings')} />
        </Tabs>
        <Box sx={{ flex: 1 }} />
        {part !== 'stock' && (
          <NumberInput size="small" label={t('storage.overDays')} value={shownDays} onChange={setTypedDays} min={1} max={3650} decimal={0} sx={{ width: 120 }} />
        )}
      </Stack>
      {part === 'stock' && <StockSummary />}
      {part === 'customers' && <CustomerHoldings days={days} onCustomer={showCustomer} />}
      {part === 'holdings' && <HoldingList days={days} filters={holdingFilters} />}
    </Stack>
  );
}

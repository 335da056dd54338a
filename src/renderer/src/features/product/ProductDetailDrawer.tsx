import { skipToken } from '@reduxjs/toolkit/query/react';
import { Box, Divider, Stack, Typography } from '@mui/material';
import { actionLabel } from '@shared/lifecycle';
import type { ProductDetail } from '@shared/api/product';
import { placeText } from '@shared/cylinder/place';
import { AppDrawer } from '@renderer/components/AppDrawer';
import { useLanguage, useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';
import { productApi } from './productApi';
import { ownerLabel, statusLabel } from '@renderer/utils/productStatus';

const FIELDS: [keyof ProductDetail, MessageKey][] = [
  ['code', 'product.code'], ['steelStamp', 'product.steelStamp'], ['materialName', 'product.material'], ['ownerName', 'product.owner'],
  ['specification', 'product.specification'], ['manufacturer', 'product.manufacturer'], ['manufactureDate', 'product.manufactureDate'],
  ['waterVolume', 'product.waterVolume'], ['tareWeight', 'product.tareWeight'], ['workingPressure', 'product.workingPressure'],
  ['designLifeYears', 'product.designLifeYears'], ['lastInspectionDate', 'product.lastInspectionDate'],
  ['nextInspectionDate', 'product.nextInspectionDate'], ['warehouseName', 'product.warehouse'], ['place', 'product.location'],
  ['valveNo', 'product.valveNo'], ['scrapReason', 'product.scrapReason'], ['remark', 'common.remark'],
];

const when = (at: string) => new Date(at).toLocaleString('zh-CN', { hour12: false });

/**
 * One cylinder: its fields and the trace (oldest first), the actions named as on 追溯查询. Asked afresh
 * each time it opens (an action elsewhere, on another PC too, adds events); open, it follows every action
 * of this client that moves a cylinder or writes its trace (tags Product and Trace).
 */
export function ProductDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useT();
  const lang = useLanguage();
  // currentData: the drawer never shows another cylinder's details while this one loads.
  const { currentData: detail } = productApi.useProductQuery(id === null ? skipToken : { id }, { refetchOnMountOrArgChange: true });

  return (
    <AppDrawer open={id !== null} title={t('product.detailTitle', { code: detail?.code ?? '' })} onCancel={onClose} footer={null} width="40%">
      {detail && (
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
            <Typography color="text.secondary">{t('product.status')}</Typography>
            <Typography>{statusLabel(t, detail.status)}</Typography>
            {FIELDS.map(([key, label]) => [
              <Typography key={`${key}-l`} color="text.secondary">{t(label)}</Typography>,
              <Typography key={`${key}-v`}>{key === 'ownerName' ? ownerLabel(t, detail.ownerName) : key === 'place' ? placeText(detail, lang === 'en' ? 'en' : 'zh') : String(detail[key] ?? '—')}</Typography>,
            ])}
          </Box>
          <Divider />
          <Typography variant="subtitle1">{t('product.traceCount', { n: detail.traces.length })}</Typography>
          <Stack component="ol" spacing={1} sx={{ m: 0, pl: 2 }} aria-label={t('product.trace')}>
            {detail.traces.map((e) => (
              <li key={e.id}>
                <Typography variant="body2">
                  {when(e.at)} · {e.fromStatus === null || e.fromStatus === e.toStatus ? '' : `${statusLabel(t, e.fromStatus)} → `}{statusLabel(t, e.toStatus)} · {actionLabel(e.action, lang === 'en' ? 'en' : 'zh')}{e.operator ? ` · ${e.operator}` : ''}
                </Typography>
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </AppDrawer>
  );
}

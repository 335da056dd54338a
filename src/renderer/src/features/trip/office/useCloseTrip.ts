import { createElement } from 'react';
import { Typography } from '@mui/material';
import { useConfirm } from '@renderer/components/ListPage';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import type { QueryError } from '@renderer/store/api';
import { tripApi } from '../tripApi';

/**
 * 结束车次: asks, then closes. Refused because cylinders are still on board (the HTTP client shows the refusal), it
 * asks 确认缺失并结束 with the refusal's words and the count on board, and closes with confirmMissing: they are
 * recorded missing. The reconciliation then shows (the close's answer refreshes it).
 */
export function useCloseTrip(id: number): (tripNo: string) => Promise<void> {
  const t = useT();
  const confirm = useConfirm();
  const [close] = tripApi.useCloseTripMutation();
  const [reconcile] = tripApi.useLazyTripReconcileQuery();

  return async (tripNo) => {
    const ok = await confirm({ title: t('trip.close'), okText: t('trip.close'), message: t('trip.closeConfirm', { tripNo }) });
    if (!ok) return;
    try {
      await close({ id }).unwrap();
      notify(t('trip.closed', { tripNo }), 'success');
      return;
    } catch (e) {
      const refusal = e as Partial<QueryError>;
      if (typeof refusal.code !== 'number' || refusal.code >= 500) return;
      const now = await reconcile({ id }).unwrap().catch(() => null);
      if (!now || now.onBoard === 0) return;
      await confirm({
        title: t('trip.confirmMissing'), okText: t('trip.confirmMissing'), danger: true,
        message: createElement(Typography, { sx: { whiteSpace: 'pre-line' } }, t('trip.confirmMissingText', { why: refusal.message ?? '', count: now.onBoard })),
        action: async () => {
          await close({ id, confirmMissing: true }).unwrap();
          notify(t('trip.closed', { tripNo }), 'success');
        },
      });
    }
  };
}

import { CancelOrderBody } from '@shared/api/storage';
import { fromSchema } from '@renderer/components/Form';
import { useConfirm } from '@renderer/components/ListPage';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { storageApi } from './storageApi';

/**
 * 作废 an outbound order: asks the reason (required), then the server keeps the order as 已作废. Resolves true
 * once cancelled; a refusal (cylinders still on it, already done) is shown by the HTTP client.
 */
export function useCancelOrder(): (order: { id: number; orderNo: string }) => Promise<boolean> {
  const t = useT();
  const confirm = useConfirm();
  const [cancel] = storageApi.useCancelOrderMutation();
  return async (order) => {
    const values = await confirm({
      title: t('storage.cancelTitle', { orderNo: order.orderNo }), message: t('storage.cancelText'), okText: t('storage.cancel'), danger: true,
      fields: [{ key: 'reason', label: t('storage.cancelReason'), type: 'textarea', ...fromSchema(CancelOrderBody, 'reason') }],
      action: (v) => cancel({ id: order.id, reason: String(v.reason ?? '').trim() }).unwrap(),
    });
    if (values) notify(t('storage.cancelled', { orderNo: order.orderNo }), 'success');
    return values !== null;
  };
}

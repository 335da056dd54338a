import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { notify } from '@renderer/notify/toast';
import { useConfirm } from './ConfirmProvider';

/** How the question names the row: 确定删除“{name}”吗？删除后不能恢复。, or a question of its own. */
type Question<R> = { name: (row: R) => string; message?: never } | { message: (row: R) => string; name?: never };

export type ConfirmDeleteConfig<R> = Question<R> & {
  /** Deletes the row; a refusal (still in use) is the server's message, shown by the HTTP client. */
  remove: (row: R) => Promise<unknown>;
  /** The dialog's title: 删除 by default. */
  title?: (row: R) => string;
  /** The toast once deleted: 删除成功 by default. */
  deletedText?: (row: R) => string;
  /** After the toast: reload a list, forget a selection. */
  onDeleted?: (row: R) => void;
};

/**
 * 删除 of a row: asks first with a red OK button, deletes while it shows busy, then says so. The dialog
 * closes either way; the list refreshes through the mutation's cache tags (or `onDeleted`).
 */
export function useConfirmDelete<R>(config: ConfirmDeleteConfig<R>): (row: R) => void {
  const t = useWidgetT();
  const confirm = useConfirm();
  return (row) => void confirm({
    title: config.title?.(row) ?? t('common.delete'),
    message: config.message ? config.message(row) : t('common.confirmDelete', { name: config.name(row) }),
    danger: true,
    action: () => config.remove(row).then(() => {
      notify(config.deletedText?.(row) ?? t('common.deleted'), 'success');
      config.onDeleted?.(row);
    }),
  });
}

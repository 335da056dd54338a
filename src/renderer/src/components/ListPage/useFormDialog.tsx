import { useRef, useState, type ReactNode } from 'react';
import { AppDialog, type AppDialogHandle } from '@renderer/components/AppDialog';
import { Form, type FormField, type FormHandle, type FormValues } from '@renderer/components/Form';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { notify } from '@renderer/notify/toast';

export interface FormDialogConfig<T> {
  /** null: creating. */
  title: (item: T | null) => string;
  /** The fields, which may depend on the values (a field shown only for liquefied gases). */
  fields: (values: FormValues, item: T | null) => FormField[];
  initialValues?: (item: T | null) => FormValues;
  /** Saves; a rejection (the server refused) keeps the dialog open with what was typed. */
  submit: (values: FormValues, item: T | null) => Promise<unknown>;
  /** Toast after saving; 保存成功 by default; false when submit says it itself. */
  successText?: string | false;
  width?: number | string;
  /** The submit button's text (保存 by default): 预览, 导出, 开始 for a dialog that does not save. */
  submitText?: string;
  /** Columns out of 24 per field (12: two per row). */
  defaultSpan?: number;
  /** Adjusts the values on each change (e.g. clearing a city when the province changes). */
  adjust?: (previous: FormValues, next: FormValues) => FormValues;
}

/**
 * A create/edit dialog: `open()` for new, `open(row)` to edit. The first field has the focus, Enter in a
 * single-line field saves, and closing a changed form (Esc, 取消, ×) asks before discarding it: the Form reports
 * its changes (against the saved values) to the dialog. The dialog stays open with its tab (keep-alive); a
 * changed one makes closing the tab ask too.
 */
export function useFormDialog<T>(config: FormDialogConfig<T>): { open: (item?: T | null) => void; element: ReactNode } {
  const [state, setState] = useState<{ item: T | null; n: number } | null>(null);
  const opened = useRef(0);
  const element = state ? <FormDialog key={state.n} config={config} item={state.item} onClose={() => setState(null)} /> : null;
  return { open: (item = null) => setState({ item, n: ++opened.current }), element };
}

function FormDialog<T>({ config, item, onClose }: { config: FormDialogConfig<T>; item: T | null; onClose: () => void }) {
  const t = useWidgetT();
  const dialog = useRef<AppDialogHandle>(null);
  const form = useRef<FormHandle>(null);
  const [initial] = useState<FormValues>(() => config.initialValues?.(item) ?? {});
  const [values, setValues] = useState<FormValues>(initial);

  const save = async () => {
    const result = form.current?.validate();
    if (!result?.valid) return;
    await config.submit(result.values, item);
    if (config.successText !== false) notify(config.successText ?? t('common.saved'), 'success');
    onClose();
  };

  return (
    <AppDialog ref={dialog} open title={config.title(item)} width={config.width} onClose={onClose} onSubmit={save} submitText={config.submitText}>
      <Form
        ref={form}
        autoFocus
        fields={config.fields(values, item)}
        values={values}
        savedValues={initial}
        defaultSpan={config.defaultSpan}
        onChange={(next) => setValues((prev) => config.adjust?.(prev, next) ?? next)}
        onSubmit={() => void dialog.current?.submit()}
      />
    </AppDialog>
  );
}

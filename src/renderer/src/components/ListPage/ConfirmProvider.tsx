import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { AppDialog } from '@renderer/components/AppDialog';
import { Form, type FormField, type FormHandle, type FormValues } from '@renderer/components/Form';
import { useWidgetT } from '@renderer/hooks/useWidgetT';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** 确定 by default. */
  okText?: string;
  /** A red OK button: the action cannot be undone. */
  danger?: boolean;
  /** Inputs the action needs (a reason, a report number), validated before it runs. */
  fields?: FormField[];
  /** Runs with the OK button loading. The dialog closes when it settles: a refusal is shown by the HTTP client. */
  action?: (values: FormValues) => Promise<unknown>;
  width?: number | string;
}

/** Resolves to the entered values once confirmed (and the action succeeded), or null. */
export type Confirm = (options: ConfirmOptions) => Promise<FormValues | null>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Pending extends ConfirmOptions {
  id: number;
  resolve: (values: FormValues | null) => void;
}

/** Holds the one confirmation dialog of the app; screens ask through useConfirm(). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending[]>([]);
  const ids = useRef(0);
  const confirm = useCallback<Confirm>((options) => new Promise((resolve) => {
    const id = ++ids.current;
    setPending((list) => [...list, { ...options, id, resolve: (v) => (setPending((l) => l.filter((p) => p.id !== id)), resolve(v)) }]);
  }), []);
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending.map((p) => <ConfirmDialog key={p.id} request={p} />)}
    </ConfirmContext.Provider>
  );
}

/** Asks before an irreversible step: `if (await confirm({...})) …`. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider above it');
  return confirm;
}

function ConfirmDialog({ request }: { request: Pending }) {
  const t = useWidgetT();
  const form = useRef<FormHandle>(null);
  const { title, message, okText, danger, fields, action, width = 440, resolve } = request;

  const submit = async () => {
    const result = form.current?.validate();
    if (fields?.length && !result?.valid) return;
    const values = result?.values ?? {};
    try {
      await action?.(values);
      resolve(values);
    } catch {
      resolve(null);
    }
  };

  return (
    <AppDialog open width={width} title={title} onClose={() => resolve(null)} onSubmit={submit} submitText={okText ?? t('common.ok')} danger={danger}>
      <Stack spacing={2}>
        {typeof message === 'string' ? <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message}</Typography> : message}
        {fields?.length ? <Form ref={form} fields={fields} autoFocus onSubmit={() => void submit()} /> : null}
      </Stack>
    </AppDialog>
  );
}

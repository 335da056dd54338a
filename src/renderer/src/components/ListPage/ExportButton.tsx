import { useState } from 'react';
import { Button } from '@mui/material';
import type { Endpoint, EndpointArg } from '@shared/api/endpoint';
import type { PermissionKey } from '@shared/menus';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { HasPermission } from '@renderer/permission/Permission';
import { downloadEndpoint } from '@renderer/store/endpoints';

export interface ExportButtonProps<E extends Endpoint> {
  endpoint: E;
  /** The list's applied filters: the export holds what the list shows. */
  arg: EndpointArg<E>;
  permission: PermissionKey;
  label?: string;
}

/** 导出: downloads the endpoint's spreadsheet (saved under the server's file name); busy while it runs. */
export function ExportButton<E extends Endpoint>({ endpoint, arg, permission, label }: ExportButtonProps<E>) {
  const t = useWidgetT();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadEndpoint(endpoint, arg);
    } catch {
      // The HTTP client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <HasPermission keys={[permission]}>
      <Button variant="outlined" loading={busy} onClick={() => void run()}>{label ?? t('common.export')}</Button>
    </HasPermission>
  );
}

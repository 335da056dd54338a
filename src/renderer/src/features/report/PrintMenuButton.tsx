import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import type { ReportKey } from '@shared/api/setting';
import { useT } from '@renderer/i18n/useT';
import { reportName } from './reportOptions';

/** 打印 with a menu of the documents a subject prints (发货清单, 质量证明书). */
export function PrintMenuButton({ reports, onPick, busy, label }: { reports: readonly ReportKey[]; onPick: (key: ReportKey) => void; busy?: boolean; label?: string }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button variant="outlined" loading={busy} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>{label ?? t('report.print')}</Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {reports.map((key) => (
          <MenuItem key={key} onClick={() => {
            setAnchor(null);
            onPick(key);
          }}>
            {reportName(key)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

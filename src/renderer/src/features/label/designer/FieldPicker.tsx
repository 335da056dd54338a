import { useState } from 'react';
import { Button, ListSubheader, Menu, MenuItem } from '@mui/material';
import type { DataSourceKind } from '@shared/dataSources';
import { useT } from '@renderer/i18n/useT';
import { labelApi } from '../labelApi';

/**
 * 插入字段: the data source's fields (POST /api/dataSource/contentConfig/getContent) as a menu; the chosen one is
 * inserted as `{key}` where the cursor is. A list's items are offered as its first item (`list[0].key`), images not.
 */
export function FieldPicker({ source, onPick }: { source: DataSourceKind; onPick: (placeholder: string) => void }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = labelApi.useLabelFieldsQuery({ dataSource: source });
  const entries = (data?.fields ?? []).flatMap((f) => {
    if (f.type === 'image') return [];
    if (f.type === 'list') return [{ header: f.contentName }, ...(f.fields ?? []).filter((s) => s.type !== 'image').map((s) => ({ key: `${f.contentKey}[0].${s.contentKey}`, name: `${f.contentName}·${s.contentName}` }))];
    return [{ key: f.contentKey, name: f.contentName }];
  });
  return (
    <>
      <Button size="small" onClick={(e) => setAnchor(e.currentTarget)}>{t('label.insertField')}</Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxHeight: 420 } } }}>
        {entries.map((e) => ('header' in e
          ? <ListSubheader key={`h-${e.header}`}>{e.header}</ListSubheader>
          : (
            <MenuItem key={e.key} dense onClick={() => { onPick(`{${e.key}}`); setAnchor(null); }}>
              {e.name}<span style={{ marginLeft: 12, color: '#888', fontSize: 12 }}>{e.key}</span>
            </MenuItem>
          )))}
      </Menu>
    </>
  );
}

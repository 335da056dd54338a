import { useRef } from 'react';
import { Paper, Stack, Typography } from '@mui/material';
import type { DictTypeRow } from '@shared/api/dictionary';
import type { TableHandle } from '@renderer/components/PaginatedTable';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { useT } from '@renderer/i18n/useT';
import { EntryPane } from './EntryPane';
import { TypePane } from './TypePane';

/** 数据字典: the types on the left, the chosen type's entries on the right. */
export default function DictionaryPage() {
  const t = useT();
  const [selected, setSelected] = useScreenState<DictTypeRow | null>('selectedType', null);
  const types = useRef<TableHandle>(null);
  const reloadTypes = () => types.current?.reload();

  return (
    <Stack direction="row" spacing={2} sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
      <Stack sx={{ width: '42%', minWidth: 380, minHeight: 0 }}>
        <TypePane selected={selected} onSelect={setSelected} tableRef={types} reload={reloadTypes} />
      </Stack>
      <Stack sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
        {selected
          ? <EntryPane key={selected.id} type={selected} onChanged={reloadTypes} />
          : (
            <Paper variant="outlined" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <Typography color="text.secondary">{t('dictionary.pickType')}</Typography>
            </Paper>
          )}
      </Stack>
    </Stack>
  );
}

import { Box, Chip, Typography } from '@mui/material';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { rowId, type PickRow } from './selection';

interface Props {
  picked: PickRow[];
  rowKey: string;
  nameKey: string;
  onRemove: (row: PickRow) => void;
}

/** 当前选择: the picked rows by name, each removable. */
export function CurrentSelection({ picked, rowKey, nameKey, onRemove }: Props) {
  const t = useWidgetT();
  const title = t('selectionDrawer.current');
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {title}（{picked.length}）
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {picked.map((row) => (
          <Chip key={rowId(row, rowKey)} size="small" label={String(row[nameKey] ?? rowId(row, rowKey))} onDelete={() => onRemove(row)} />
        ))}
      </Box>
    </Box>
  );
}

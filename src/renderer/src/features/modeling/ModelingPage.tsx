import { Box, Stack, Tab, Tabs } from '@mui/material';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { useT } from '@renderer/i18n/useT';
import { DataSourcePane } from './DataSourcePane';
import { RecordPane } from './RecordPane';

type Part = 'sources' | 'records';

/** 记录建模 (/Setting/Modeling): the data sources' fields, and what each station's record shows and requires. */
export default function ModelingPage() {
  const t = useT();
  const [part, setPart] = useScreenState<Part>('part', 'sources');
  return (
    <Stack spacing={1} sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
      <Tabs value={part} onChange={(_, v: Part) => setPart(v)} aria-label={t('modeling.parts')}>
        <Tab value="sources" label={t('modeling.sources')} />
        <Tab value="records" label={t('modeling.records')} />
      </Tabs>
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {part === 'sources' ? <DataSourcePane /> : <RecordPane />}
      </Box>
    </Stack>
  );
}

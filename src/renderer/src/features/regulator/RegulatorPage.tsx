import { Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { PageLoading } from '@renderer/components/PageLoading';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { CodeMapPanel } from './CodeMapPanel';
import { ConnectionList } from './ConnectionList';
import { RecordBoard } from './RecordBoard';
import { regulatorApi } from './regulatorApi';
import { useConnectionDialog } from './useConnectionDialog';

type Part = 'records' | 'codes';

/**
 * 监管平台对接: the connections to the regulator's platform (新增, 编辑, 暂停/启用); for the one chosen, its records
 * on the board (refreshed while shown) and its code tables.
 */
export default function RegulatorPage() {
  const t = useT();
  const adapters = regulatorApi.useRegulatorAdaptersQuery();
  const connections = regulatorApi.useRegulatorConnectionsQuery(undefined, { pollingInterval: 5_000 });
  const [chosen, setChosen] = useScreenState<number | null>('connection', null);
  const [part, setPart] = useScreenState<Part>('part', 'records');
  const editor = useConnectionDialog(adapters.data ?? [], setChosen);
  if (connections.isLoading || adapters.isLoading) return <PageLoading />;
  const rows = connections.data ?? [];
  // The one chosen, or the first while none is (or the one chosen is gone).
  const current = rows.find((r) => r.id === chosen) ?? rows[0] ?? null;
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1">{t('regulator.connections')}</Typography>
        <Box sx={{ flex: 1 }} />
        <HasPermission keys={['regulator:save']}>
          <Button variant="contained" color="success" onClick={() => editor.open()}>{t('regulator.addConnection')}</Button>
        </HasPermission>
      </Stack>
      <ConnectionList rows={rows} adapters={adapters.data ?? []} selected={current?.id ?? null} onSelect={setChosen} onEdit={editor.open} />
      {current && (
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Tabs value={part} onChange={(_e, v: Part) => setPart(v)} aria-label={t('regulator.ofConnection', { name: current.name })} sx={{ mb: 1 }}>
            <Tab value="records" label={t('regulator.records')} />
            <Tab value="codes" label={t('regulator.codes')} />
          </Tabs>
          {part === 'records' ? <RecordBoard key={current.id} connectionId={current.id} /> : <CodeMapPanel key={current.id} connectionId={current.id} />}
        </Paper>
      )}
      {editor.element}
    </Stack>
  );
}

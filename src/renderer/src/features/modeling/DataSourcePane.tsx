import { Fragment } from 'react';
import { Paper, Stack, Tab, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tabs, Typography } from '@mui/material';
import { DATA_SOURCE_KINDS, DATA_SOURCES, type DataSourceKind } from '@shared/dataSources';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';
import { modelingApi } from './modelingApi';

const typeName = (t: ReturnType<typeof useT>, type: string) => t(`modeling.type.${type}` as MessageKey);

/**
 * The data sources (气瓶, 出库单, 充装批次) and their fields as the server names them (contentName /
 * contentKey): what a report template's placeholders and a label's fields may use; a list's item fields
 * indented under it (a template loops over the list).
 */
export function DataSourcePane() {
  const t = useT();
  const [kind, setKind] = useScreenState<DataSourceKind>('source', 'OUTBOUND_ORDER');
  const { data } = modelingApi.useSourceFieldsQuery({ dataSource: kind });
  const cell = { py: 0.5 };
  return (
    <Stack spacing={1} sx={{ minHeight: 0, flex: 1 }}>
      <Tabs value={kind} onChange={(_, v: DataSourceKind) => setKind(v)} aria-label={t('modeling.sources')}>
        {DATA_SOURCE_KINDS.map((k) => <Tab key={k} value={k} label={DATA_SOURCES[k].name} />)}
      </Tabs>
      {data && <Typography variant="body2" color="text.secondary">{t('modeling.subject', { subject: data.subject })}</Typography>}
      <TableContainer component={Paper} variant="outlined" sx={{ flex: 1, minHeight: 0 }}>
        <Table size="small" stickyHeader aria-label={DATA_SOURCES[kind].name}>
          <TableHead>
            <TableRow>
              <TableCell>{t('modeling.contentName')}</TableCell>
              <TableCell>{t('modeling.contentKey')}</TableCell>
              <TableCell>{t('modeling.type')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.fields ?? []).map((f) => (
              <Fragment key={f.contentKey}>
                <TableRow>
                  <TableCell sx={cell}>{f.contentName}</TableCell>
                  <TableCell sx={{ ...cell, fontFamily: 'monospace' }}>{f.contentKey}</TableCell>
                  <TableCell sx={cell}>{typeName(t, f.type)}</TableCell>
                </TableRow>
                {(f.fields ?? []).map((sub) => (
                  <TableRow key={`${f.contentKey}.${sub.contentKey}`}>
                    <TableCell sx={{ ...cell, pl: 4 }}>{sub.contentName}</TableCell>
                    <TableCell sx={{ ...cell, pl: 4, fontFamily: 'monospace' }}>{sub.contentKey}</TableCell>
                    <TableCell sx={cell}>{typeName(t, sub.type)}</TableCell>
                  </TableRow>
                ))}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

import { useState } from 'react';
import { Box, Paper, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { PageLoading } from '@renderer/components/PageLoading';
import { useT } from '@renderer/i18n/useT';
import { localTime } from './format';
import { portalApi } from './portalApi';

const SIZE = 50;

/** 在用气瓶: the cylinders the customer holds now, with the days held (the first day counted). */
export default function PortalHeldPage() {
  const t = useT();
  const [page, setPage] = useState(1);
  const { data, isLoading } = portalApi.usePortalHeldQuery({ page, size: SIZE });
  if (isLoading || !data) return <PageLoading />;
  return (
    <Box sx={{ p: 2 }}>
      <Typography sx={{ mb: 1 }} data-testid="held-total">{t('portal.total', { n: data.total })}</Typography>
      <Paper>
        <Table size="small">
          <TableHead>
            <TableRow>
              {(['code', 'gas', 'spec', 'since', 'days'] as const).map((c) => <TableCell key={c}>{t(`portal.${c}`)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.list.map((c) => (
              <TableRow key={c.code}>
                <TableCell>{c.code}</TableCell>
                <TableCell>{c.gasName}</TableCell>
                <TableCell>{c.specification}</TableCell>
                <TableCell>{localTime(c.since)}</TableCell>
                <TableCell>{c.daysHeld}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data.list.length === 0 && <Typography sx={{ p: 2 }} color="text.secondary">{t('portal.empty')}</Typography>}
        {data.total > SIZE && (
          <TablePagination component="div" count={data.total} page={page - 1} rowsPerPage={SIZE} rowsPerPageOptions={[SIZE]}
            onPageChange={(_e, p) => setPage(p + 1)} />
        )}
      </Paper>
    </Box>
  );
}

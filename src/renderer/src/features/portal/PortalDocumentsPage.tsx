import { Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { PORTAL, type DocumentBody } from '@shared/api/portal';
import { PageLoading } from '@renderer/components/PageLoading';
import { useT } from '@renderer/i18n/useT';
import { downloadEndpoint } from '@renderer/store/endpoints';
import { portalApi } from './portalApi';

const download = (orderId: number, reportKey: DocumentBody['reportKey']) => downloadEndpoint(PORTAL.deliveryDocument, { orderId, reportKey }).catch(() => {});

/** 质量证书与发货单: the customer's deliveries, each with its quality certificate and delivery list. */
export default function PortalDocumentsPage() {
  const t = useT();
  const { data, isLoading } = portalApi.usePortalDeliveriesQuery({ page: 1, size: 100 });
  if (isLoading || !data) return <PageLoading />;
  return (
    <Box sx={{ p: 2 }}>
      <Paper>
        <Table size="small">
          <TableHead>
            <TableRow>
              {(['orderNo', 'completedAt', 'cylinders', 'signedAt'] as const).map((c) => <TableCell key={c}>{t(`portal.${c}`)}</TableCell>)}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.list.map((d) => (
              <TableRow key={d.id}>
                <TableCell>{d.orderNo}</TableCell>
                <TableCell>{d.completedAt}</TableCell>
                <TableCell>{d.cylinders}</TableCell>
                <TableCell>{d.signedAt}</TableCell>
                <TableCell>
                  <Button size="small" onClick={() => void download(d.id, 'QUALITY_CERTIFICATE')}>{t('portal.certificate')}</Button>
                  <Button size="small" onClick={() => void download(d.id, 'ACCOMPANYING_LIST')}>{t('portal.deliveryList')}</Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {data.list.length === 0 && <Typography sx={{ p: 2 }} color="text.secondary">{t('portal.empty')}</Typography>}
      </Paper>
    </Box>
  );
}

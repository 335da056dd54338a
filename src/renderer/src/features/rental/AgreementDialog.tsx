import { useState } from 'react';
import { Button, Chip, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { RENTAL_METHOD_NAMES, type AgreementVersion } from '@shared/api/rental';
import { yuan } from '@shared/rental/money';
import { AppDialog } from '@renderer/components/AppDialog';
import { PageLoading } from '@renderer/components/PageLoading';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { rentalApi } from './rentalApi';
import { VersionDialog } from './VersionDialog';

/** A version's lines as the plant reads them: gas and specification (or any), method, rate, free days, cap, deposit. */
function VersionLines({ version }: { version: AgreementVersion }) {
  const t = useT();
  const lang = useLanguage().startsWith('en') ? 'en' : 'zh';
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {(['material', 'spec', 'method', 'rate', 'freeDays', 'cap', 'deposit'] as const).map((k) => <TableCell key={k}>{t(`rental.line.${k}`)}</TableCell>)}
        </TableRow>
      </TableHead>
      <TableBody>
        {version.lines.map((l, i) => (
          <TableRow key={i}>
            <TableCell>{l.materialName ?? t('rental.anyMaterial')}</TableCell>
            <TableCell>{l.specification ?? t('rental.anySpec')}</TableCell>
            <TableCell>{RENTAL_METHOD_NAMES[l.method][lang]}</TableCell>
            <TableCell>{l.method === 'none' ? '' : `${yuan(l.rateCents)} ${t(l.method === 'daily' ? 'rental.line.rateDaily' : 'rental.line.rateMonthly')}`}</TableCell>
            <TableCell>{l.method === 'daily' ? l.freeDays : ''}</TableCell>
            <TableCell>{l.method !== 'daily' ? '' : l.capCents === null ? t('rental.noCap') : yuan(l.capCents)}</TableCell>
            <TableCell>{yuan(l.depositCents)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** 租赁协议详情: the agreement's versions, newest first, the one in force marked; 新增版本 (agreement:save). */
export function AgreementDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT();
  const { data } = rentalApi.useAgreementInfoQuery({ id });
  const [adding, setAdding] = useState(false);
  const versions = data ? [...data.versions].sort((a, b) => b.validFrom.localeCompare(a.validFrom)) : [];
  return (
    <AppDialog open width="80%" title={t('rental.versionsTitle', { name: data?.name ?? '' })} onClose={onClose} footer={false}>
      {!data ? <PageLoading /> : (
        <Stack spacing={1.5} data-testid="agreement-versions">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography>{t('rental.customer')}：{data.customerName ?? t('rental.defaultAgreement')}</Typography>
            <HasPermission keys={['agreement:save']}>
              <Button variant="contained" color="success" onClick={() => setAdding(true)}>{t('rental.addVersion')}</Button>
            </HasPermission>
          </Stack>
          {versions.length === 0 && <Typography color="text.secondary">{t('rental.noVersion')}</Typography>}
          {versions.map((v) => (
            <Paper key={v.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`version-${v.validFrom.slice(0, 10)}`}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                <Typography variant="subtitle1">{t('rental.validFrom')}：{v.validFrom.slice(0, 10)}</Typography>
                {data.currentValidFrom?.slice(0, 10) === v.validFrom.slice(0, 10) && <Chip size="small" color="success" label={t('rental.inForce')} />}
                <Typography>{t('rental.minimumMonth')}：{yuan(v.minimumMonthCents)}</Typography>
                <Typography>{t('rental.offset')}：{t(v.depositOffsetsRental ? 'rental.yes' : 'rental.no')}</Typography>
                <Typography variant="body2" color="text.secondary">{t('rental.createdBy', { at: v.createdAt, by: v.createdBy ?? '' })}</Typography>
              </Stack>
              <VersionLines version={v} />
            </Paper>
          ))}
          {adding && <VersionDialog agreementId={data.id} name={data.name} from={versions[0] ?? null} onClose={() => setAdding(false)} />}
        </Stack>
      )}
    </AppDialog>
  );
}

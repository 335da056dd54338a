import { useRef, useState } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { OutOrderInfo } from '@shared/api/storage';
import { AppDialog } from '@renderer/components/AppDialog';
import { useConfirm } from '@renderer/components/ListPage';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { SignPad, type SignPadHandle } from './SignPad';
import { storageApi } from './storageApi';

/**
 * 完成出库: the receiver signs (name and a drawn signature), then every scanned cylinder ships. 确认出库 waits
 * for both; lines not yet full are confirmed first. An order signed before (its completion failed) only ships.
 */
export function CompleteDialog({ order, onClose, onDone }: { order: OutOrderInfo; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const confirm = useConfirm();
  const pad = useRef<SignPadHandle>(null);
  const [name, setName] = useState('');
  const [drawn, setDrawn] = useState(false);
  const [saveSign] = storageApi.useSaveSignInfoMutation();
  const [outStock] = storageApi.useOutStockMutation();
  const needSign = !order.signed;
  const ready = !needSign || (name.trim() !== '' && drawn);
  const short = order.lines.filter((l) => l.scanned < l.quantity);

  const submit = async () => {
    if (short.length && !(await confirm({ title: t('storage.completeOut'), message: t('storage.notFullConfirm'), okText: t('storage.completeOut') }))) return;
    if (needSign) await saveSign({ id: order.id, signName: name.trim(), image: pad.current?.toDataURL() ?? '' }).unwrap();
    await outStock({ id: order.id, complete: true }).unwrap();
    notify(t('storage.outDone', { orderNo: order.orderNo, count: order.count }), 'success');
    onDone();
  };

  return (
    <AppDialog open width={580} title={t('storage.completeOutTitle', { orderNo: order.orderNo })} onClose={onClose} onSubmit={submit}
      submitText={t('storage.confirmOut')} submitDisabled={!ready}>
      <Stack spacing={1.5}>
        <Typography variant="body2">{t('storage.completeSummary', { customer: order.customerName ?? '—', count: order.count, quantity: order.quantity })}</Typography>
        {short.length > 0 && <Alert severity="warning" sx={{ py: 0 }}>{t('storage.linesShort', { n: short.length })}</Alert>}
        {needSign ? (
          <>
            <TextField size="small" label={t('storage.signName')} value={name} onChange={(e) => setName(e.target.value)} required autoFocus
              slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'sign-name' } }} />
            <Box>
              <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
                <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>{t('storage.signHere')}</Typography>
                <Button size="small" onClick={() => pad.current?.clear()}>{t('storage.clearSign')}</Button>
              </Stack>
              <SignPad ref={pad} label={t('storage.signPad')} onDrawnChange={setDrawn} />
            </Box>
          </>
        ) : (
          <Alert severity="info">{t('storage.alreadySigned', { name: order.signName ?? '' })}</Alert>
        )}
      </Stack>
    </AppDialog>
  );
}

import { useEffect, useRef } from 'react';
import bwipjs from 'bwip-js/browser';
import { Box, Link, Stack, Typography } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { useReceiptUrl } from '../receiptUrl';


/** 签收单: a QR code the customer scans to open the receipt PDF, and a link to open it here. */
export function ReceiptQr({ token }: { token: string }) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const url = useReceiptUrl(token);
  useEffect(() => {
    if (!canvas.current) return;
    try {
      bwipjs.toCanvas(canvas.current, { bcid: 'qrcode', text: url, scale: 4 });
    } catch {
      // No canvas here: the link below still opens the receipt.
    }
  }, [url]);
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }} data-testid="receipt">
      <Typography variant="subtitle1">{t('field.trip.receipt')}</Typography>
      <Box component="canvas" ref={canvas} data-testid="receipt-qr" data-url={url} sx={{ maxWidth: '80%' }} />
      <Typography variant="body2" color="text.secondary">{t('field.trip.receiptHint')}</Typography>
      <Link href={url} target="_blank" rel="noopener">{t('field.trip.openReceipt')}</Link>
    </Stack>
  );
}

import { Box, CircularProgress, Typography } from '@mui/material';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { fileClassOf } from '@renderer/utils/fileType';
import type { FileRef } from './fileApi';
import { usePreviewUrl } from './usePreviewUrl';

/** The preview of one file: an image or a PDF inline, anything else 暂不支持该类型文件预览. */
export function FilePreview({ file, height = '70vh' }: { file: FileRef; height?: number | string }) {
  const t = useWidgetT();
  const cls = fileClassOf(file.name);
  const preview = usePreviewUrl(file);

  const message = (text: string) => (
    <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="preview-message">
      {text}
    </Typography>
  );
  if (cls !== 'Image' && cls !== 'Pdf') return message(t('file.unsupported'));
  if (preview.status === 'failed') return message(t('file.fetchFailed'));
  if (preview.status !== 'ready') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  if (cls === 'Image') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <Box component="img" src={preview.url} alt={file.name} sx={{ maxWidth: '100%', maxHeight: height, objectFit: 'contain' }} />
      </Box>
    );
  }
  return <Box component="iframe" src={preview.url} title={file.name} sx={{ width: '100%', height, border: 0 }} />;
}

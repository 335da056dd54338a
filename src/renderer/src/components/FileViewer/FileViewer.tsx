import { useState } from 'react';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { AppDialog } from '@renderer/components/AppDialog';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { notify } from '@renderer/notify/toast';
import { downloadFile, type FileRef } from './fileApi';
import { FilePreview } from './FilePreview';
import { FileThumb } from './FileThumb';

export interface FileViewerProps {
  files: FileRef[];
  /** Thumbnail edge in px. */
  size?: number;
}

/** Thumbnails of stored files; a click opens a carousel preview with previous/next and 下载文件. */
export function FileViewer({ files, size = 96 }: FileViewerProps) {
  const t = useWidgetT();
  const [index, setIndex] = useState<number | null>(null);
  const [downloading, setDownloading] = useState(false);
  const current = index === null ? null : (files[index] ?? null);

  async function download(file: FileRef) {
    setDownloading(true);
    try {
      await downloadFile(file.path);
    } catch {
      notify(t('file.fetchFailed'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="file-viewer">
        {files.map((file, i) => (
          <FileThumb key={`${file.path}-${i}`} file={file} size={size} onOpen={() => setIndex(i)} />
        ))}
      </Stack>
      <AppDialog
        open={current !== null}
        onClose={() => setIndex(null)}
        title={
          current && (
            <>
              {current.name}
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                {index! + 1} / {files.length}
              </Typography>
            </>
          )
        }
        footer={
          current && (
            <Button variant="contained" loading={downloading} onClick={() => void download(current)}>
              {t('file.download')}
            </Button>
          )
        }
      >
        {current && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <IconButton aria-label={t('file.previous')} disabled={index === 0} onClick={() => setIndex(index! - 1)}>
              <ChevronLeftIcon />
            </IconButton>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <FilePreview key={current.path} file={current} />
            </Box>
            <IconButton aria-label={t('file.next')} disabled={index === files.length - 1} onClick={() => setIndex(index! + 1)}>
              <ChevronRightIcon />
            </IconButton>
          </Stack>
        )}
      </AppDialog>
    </>
  );
}

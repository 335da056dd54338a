import { useRef, useState } from 'react';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { DocumentPreview } from '@renderer/components/DocumentPreview';
import { FileViewer, type FileRef } from '@renderer/components/FileViewer';
import { Upload, type Attachment } from '@renderer/components/Upload';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { useMyFilesQuery } from './sharedFilesApi';

/** How many of the newest files the card shows. */
const SHOWN = 20;

/** 常用文件: the operator's own shared documents (SOPs, certificates) — upload, preview, download. */
export default function SharedFilesCard() {
  const t = useT();
  const { data, refetch } = useMyFilesQuery({ page: 1, size: SHOWN });
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [previewing, setPreviewing] = useState<FileRef | null>(null);
  const uploaded = useRef(0);
  const files = data?.list ?? [];

  const onUploadChange = (next: Attachment[]) => {
    const done = next.filter((a) => a.status === 'done').length;
    if (done > uploaded.current) void refetch();
    uploaded.current = done;
    setAttachments(next);
  };

  return (
    <Card variant="outlined" data-testid="shared-files">
      <CardContent>
        <Stack spacing={2}>
          <div>
            <Typography variant="h6" component="h2">{t('file.sharedTitle')}</Typography>
            <Typography variant="body2" color="text.secondary">{t('file.sharedNote')}</Typography>
          </div>
          <HasPermission keys={['file:upload']}>
            <Upload limit={5} value={attachments} onChange={onUploadChange} />
          </HasPermission>
          {files.length ? <FileViewer files={files} /> : <Typography color="text.secondary">{t('file.empty')}</Typography>}
          <Stack spacing={0.5}>
            {files.map((f) => (
              <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" noWrap sx={{ flex: 1 }}>{f.name}</Typography>
                <Button size="small" onClick={() => setPreviewing(f)} aria-label={`${t('file.preview')} ${f.name}`}>
                  {t('file.preview')}
                </Button>
              </Stack>
            ))}
          </Stack>
        </Stack>
      </CardContent>
      <DocumentPreview open={previewing !== null} file={previewing} title={previewing?.name} onClose={() => setPreviewing(null)} />
    </Card>
  );
}

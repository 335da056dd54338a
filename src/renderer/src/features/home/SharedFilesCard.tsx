import { useEffect, useRef, useState } from 'react';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { SharedFileRow } from '@shared/api/file';
import { DocumentPreview } from '@renderer/components/DocumentPreview';
import { downloadFile, type FileRef } from '@renderer/components/FileViewer';
import { useConfirmDelete } from '@renderer/components/ListPage';
import { Upload, type Attachment } from '@renderer/components/Upload';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { SHARED_UPLOAD_URL, sharedFilesApi } from './sharedFilesApi';

/** How many of the newest files the card shows. */
const SHOWN = 20;

/**
 * 常用文件: the plant's shared documents (SOPs, certificates), seen by every signed-in user, each listed once
 * with 预览 and 下载; its uploader or an administrator (file:delete) may delete it.
 */
export default function SharedFilesCard() {
  const t = useT();
  const { data, refetch, isFetching } = sharedFilesApi.useSharedFilesQuery({ page: 1, size: SHOWN });
  const [remove] = sharedFilesApi.useDeleteSharedFileMutation();
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [previewing, setPreviewing] = useState<FileRef | null>(null);
  const files = data?.list ?? [];

  // Uploads finished, and those the shared list has been asked again for. A refetch asked while one is
  // running is dropped (RTK Query and the HTTP client both dedupe), and the running one may have started
  // before the second of two uploads landed: so the list is asked again once it is idle.
  const finished = useRef(0);
  const listed = useRef(0);
  useEffect(() => {
    if (isFetching || finished.current === listed.current) return;
    listed.current = finished.current;
    void refetch();
  });

  // A finished upload leaves the upload list for the shared list below: each file is shown once.
  const onUploadChange = (next: Attachment[]) => {
    finished.current += next.filter((a) => a.status === 'done').length;
    setAttachments(next.filter((a) => a.status !== 'done'));
  };
  const removeFile = useConfirmDelete<SharedFileRow>({
    message: (f) => t('file.confirmDelete', { name: f.name }), deletedText: () => t('file.deleted'), remove: (f) => remove({ id: f.id }).unwrap(),
  });

  return (
    <Card variant="outlined" data-testid="shared-files">
      <CardContent>
        <Stack spacing={2}>
          <div>
            <Typography variant="h6" component="h2">{t('file.sharedTitle')}</Typography>
            <Typography variant="body2" color="text.secondary">{t('file.sharedNote')}</Typography>
          </div>
          <HasPermission keys={['file:upload']}>
            <Upload limit={5} value={attachments} onChange={onUploadChange} uploadUrl={SHARED_UPLOAD_URL} />
          </HasPermission>
          {files.length === 0 && <Typography color="text.secondary">{t('file.empty')}</Typography>}
          <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={t('file.sharedTitle')}>
            {files.map((f) => (
              <Stack component="li" key={f.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" noWrap sx={{ flex: 1 }}>{f.name}</Typography>
                {f.uploadedBy && <Typography variant="caption" color="text.secondary">{t('file.uploadedBy', { name: f.uploadedBy })}</Typography>}
                <Button size="small" onClick={() => setPreviewing(f)} aria-label={`${t('file.preview')} ${f.name}`}>{t('file.preview')}</Button>
                <Button size="small" onClick={() => void downloadFile(f.path).catch(() => notify(t('file.fetchFailed')))} aria-label={`${t('file.download')} ${f.name}`}>
                  {t('file.download')}
                </Button>
                {f.canDelete && (
                  <Button size="small" color="error" onClick={() => removeFile(f)} aria-label={t('file.delete', { name: f.name })}>{t('common.delete')}</Button>
                )}
              </Stack>
            ))}
          </Stack>
        </Stack>
      </CardContent>
      <DocumentPreview open={previewing !== null} file={previewing} title={previewing?.name} onClose={() => setPreviewing(null)} />
    </Card>
  );
}

import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, Chip, IconButton, Stack, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import { DEFAULT_UPLOAD_MAX_MB, type UploadedFile } from '@shared/api/file';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { notify } from '@renderer/notify/toast';
import { uploadFile } from '@renderer/components/FileViewer/fileApi';
import { fileClassOf } from '@renderer/utils/fileType';
import { countAllowed, matchesAccept, MB, type Attachment } from './attachment';

export interface UploadProps {
  value?: Attachment[];
  onChange?: (value: Attachment[]) => void;
  /** Most files in the value; 1 by default (SPEC section 9). */
  limit?: number;
  /** Largest single file in M; 10 by default. */
  maxSizeMB?: number;
  /** As the file input's accept attribute; checked again after picking. */
  accept?: string;
  /** Pick several files at once; by default when limit > 1. */
  multiple?: boolean;
  disabled?: boolean;
  /** Endpoint under /api; /file/upload by default (report templates use /document/upSysFile). */
  uploadUrl?: string;
}

let nextUid = 1;

/** Picks files, checks count, size and type, uploads each as multipart and keeps the attachments list. */
export function Upload({ value, onChange, limit = 1, maxSizeMB = DEFAULT_UPLOAD_MAX_MB, accept, multiple, disabled, uploadUrl }: UploadProps) {
  const t = useWidgetT();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Attachment[]>(value ?? []);
  const latest = useRef(items);
  useEffect(() => {
    if (value && value !== latest.current) {
      latest.current = value;
      setItems(value);
    }
  }, [value]);

  const commit = (next: Attachment[]) => {
    latest.current = next;
    setItems(next);
    onChange?.(next);
  };
  const update = (uid: string, patch: Partial<Attachment>) =>
    commit(latest.current.map((a) => (a.uid === uid ? { ...a, ...patch } : a)));

  async function send(item: Attachment, file: File) {
    let saved: UploadedFile;
    try {
      saved = await uploadFile(file, uploadUrl);
    } catch {
      return update(item.uid, { status: 'error' });
    }
    update(item.uid, { status: 'done', path: saved.path, url: saved.url, name: saved.name });
  }

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same file may be picked again later
    if (!files.length) return;
    const chosen = latest.current.length;
    if (!countAllowed(limit, chosen, files.length)) {
      notify(t('file.overCount', { limit, picked: files.length, total: chosen + files.length }), 'warning');
      return;
    }
    const refused = files.find((f) => f.size > maxSizeMB * MB) ?? null;
    if (refused) return notify(t('file.overSize', { name: refused.name, size: maxSizeMB }), 'warning');
    const wrong = files.find((f) => !matchesAccept(f, accept));
    if (wrong) return notify(t('file.wrongType', { name: wrong.name }), 'warning');

    const added = files.map((file) => {
      const item: Attachment = { uid: `upload-${nextUid++}`, path: '', url: '', name: file.name, status: 'uploading', fileType: fileClassOf(file.name) };
      return { file, item };
    });
    commit([...latest.current, ...added.map((a) => a.item)]);
    added.forEach(({ item, file }) => void send(item, file));
  }

  const full = items.length >= limit;
  return (
    <Stack spacing={1} data-testid="upload">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <input
          ref={input}
          id={inputId}
          type="file"
          hidden
          accept={accept}
          multiple={multiple ?? limit > 1}
          disabled={disabled || full}
          onChange={pick}
          data-testid="upload-input"
        />
        <Button variant="outlined" startIcon={<AttachFileIcon />} disabled={disabled || full} onClick={() => input.current?.click()}>
          {t('file.choose')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('file.limitHint', { limit, size: maxSizeMB })}
        </Typography>
      </Stack>
      {items.map((a) => (
        <Stack key={a.uid} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="upload-item">
          <Typography variant="body2" noWrap sx={{ maxWidth: 360 }} title={a.name}>
            {a.name}
          </Typography>
          {a.status === 'uploading' && <Chip size="small" label={t('file.uploading')} />}
          {a.status === 'error' && <Chip size="small" color="error" label={t('file.uploadFailed')} />}
          {!disabled && (
            <IconButton size="small" aria-label={t('file.remove', { name: a.name })} onClick={() => commit(latest.current.filter((x) => x.uid !== a.uid))}>
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

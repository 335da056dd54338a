import { useMemo } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { LOGO_MAX_MB } from '@shared/api/company';
import { usePreviewUrl } from '@renderer/components/FileViewer/usePreviewUrl';
import { Upload, type Attachment } from '@renderer/components/Upload';
import { useT } from '@renderer/i18n/useT';
import { LOGO_UPLOAD_URL } from './companyApi';

const extensionOf = (path: string) => /\.[a-z0-9]+$/i.exec(path)?.[0] ?? '';

/**
 * 企业标志: one PNG or JPEG (the server checks the bytes), uploaded at once, shown beside. The path becomes
 * the company's logo only when the form is saved.
 */
export function LogoField({ path, onChange, disabled }: { path: string | null; onChange: (path: string | null) => void; disabled: boolean }) {
  const t = useT();
  const name = path ? `${t('company.logo')}${extensionOf(path)}` : '';
  // Named by the stored path's extension, so the preview knows it is an image.
  const preview = usePreviewUrl(path ? { name, path } : null);
  // The same list while the path stays: a new one would make the widget drop a file still uploading.
  const value = useMemo<Attachment[]>(() => (path ? [{ uid: path, path, url: '', name, status: 'done', fileType: 'Image' }] : []), [path, name]);
  const changed = (list: Attachment[]) => {
    const last = list.at(-1);
    if (!last) return onChange(null);
    if (last.status === 'done') onChange(last.path);
  };

  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">{t('company.logo')}（{t('company.logoHint')}）</Typography>
      <Box sx={{ width: 160, height: 96, border: 1, borderColor: 'divider', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {preview.status === 'ready'
          ? <Box component="img" src={preview.url} alt={t('company.logo')} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
          : <Typography variant="caption" color="text.secondary">{path ? '' : t('company.noLogo')}</Typography>}
      </Box>
      <Upload value={value} onChange={changed} limit={1} maxSizeMB={LOGO_MAX_MB} accept=".png,.jpg,.jpeg,image/png,image/jpeg" uploadUrl={LOGO_UPLOAD_URL} disabled={disabled} />
    </Stack>
  );
}

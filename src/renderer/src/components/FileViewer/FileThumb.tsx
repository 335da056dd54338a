import { Box, ButtonBase, Typography } from '@mui/material';
import { fileClassOf } from '@renderer/utils/fileType';
import type { FileRef } from './fileApi';
import { FileIcon } from './FileIcon';
import { usePreviewUrl } from './usePreviewUrl';

/** Shown while an image loads and when it cannot be fetched (SPEC section 2). */
export const EMPTY_IMAGE = '/static/img/empty.svg';

/** One thumbnail: the picture for images (placeholder until it arrives), the class icon for others. */
export function FileThumb({ file, size, onOpen }: { file: FileRef; size: number; onOpen: () => void }) {
  const cls = fileClassOf(file.name);
  const preview = usePreviewUrl(cls === 'Image' ? file : null);
  return (
    <ButtonBase onClick={onOpen} aria-label={file.name} sx={{ flexDirection: 'column', width: size, borderRadius: 1 }}>
      <Box sx={{ width: size, height: size, display: 'flex', alignItems: 'center', justifyContent: 'center', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        {cls === 'Image' ? (
          <Box
            component="img"
            src={preview.status === 'ready' ? preview.url : EMPTY_IMAGE}
            alt=""
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <FileIcon cls={cls} color="action" sx={{ fontSize: size / 2 }} />
        )}
      </Box>
      <Typography variant="caption" noWrap title={file.name} sx={{ maxWidth: size, mt: 0.5 }}>
        {file.name}
      </Typography>
    </ButtonBase>
  );
}

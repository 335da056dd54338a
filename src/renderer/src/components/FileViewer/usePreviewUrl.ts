import { useEffect, useState } from 'react';
import { previewMime } from '@renderer/utils/fileType';
import { fetchPreviewBlob, type FileRef } from './fileApi';

export type PreviewState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'failed' };

/**
 * An object URL showing `file` (an image or a PDF), revoked when the file changes or the viewer closes.
 * Files of other types are not fetched at all: they stay idle.
 */
export function usePreviewUrl(file: FileRef | null | undefined): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  const name = file?.name;
  const path = file?.path;
  const base64 = file?.base64;

  useEffect(() => {
    const mime = name ? previewMime(name) : null;
    if (!mime || (!path && !base64)) {
      setState({ status: 'idle' });
      return;
    }
    if (base64) {
      setState({ status: 'ready', url: base64 });
      return;
    }
    let url: string | null = null;
    let alive = true;
    setState({ status: 'loading' });
    fetchPreviewBlob(path!)
      .then((blob) => {
        if (!alive) return;
        // Typed by us from the extension: a blob URL lives in our origin and must never carry HTML.
        url = URL.createObjectURL(new Blob([blob], { type: mime }));
        setState({ status: 'ready', url });
      })
      .catch(() => alive && setState({ status: 'failed' }));
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [name, path, base64]);

  return state;
}

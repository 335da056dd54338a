import { AppDrawer } from '@renderer/components/AppDrawer';
import { FilePreview } from '@renderer/components/FileViewer/FilePreview';
import type { FileRef } from '@renderer/components/FileViewer/fileApi';
import { useWidgetT } from '@renderer/hooks/useWidgetT';

/** SPEC section 2: the document preview drawer is 1174 px wide. */
export const DOCUMENT_PREVIEW_WIDTH = 1174;

export interface DocumentPreviewProps {
  open: boolean;
  onClose: () => void;
  /** The document shown; images and PDF inline, other types 暂不支持该类型文件预览. */
  file: FileRef | null;
  /** The document title; the drawer reads 预览 without one. */
  title?: string;
}

/** A right-hand drawer previewing one stored document. */
export function DocumentPreview({ open, onClose, file, title }: DocumentPreviewProps) {
  const t = useWidgetT();
  return (
    <AppDrawer open={open} onCancel={onClose} title={title?.trim() || t('file.preview')} width={DOCUMENT_PREVIEW_WIDTH} footer={null}>
      {open && file && <FilePreview key={file.path} file={file} height="calc(100vh - 120px)" />}
    </AppDrawer>
  );
}

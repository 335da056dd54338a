import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack } from '@mui/material';
import { AppDrawer } from '@renderer/components/AppDrawer';
import { DOCUMENT_PREVIEW_WIDTH } from '@renderer/components/DocumentPreview';
import { saveBlob } from '@renderer/http/download';
import { useT } from '@renderer/i18n/useT';

/** A document the server filled: the PDF, or (no PDF converter on the server) the .docx and why. */
export interface PrintedDocument {
  /** The document's title (质量证明书 XS20260101-001); the drawer reads 预览 without one. */
  title?: string;
  /** The file's bytes: application/pdf, or the .docx when `message` says why there is no PDF. */
  file: Blob;
  /** The name a download is saved under. */
  fileName: string;
  /** The server's reason there is no PDF (the .docx is offered instead). */
  message?: string | null;
}

const isPdf = (doc: PrintedDocument) => !doc.message && (doc.file.type.includes('pdf') || /\.pdf$/i.test(doc.fileName));

/**
 * The document preview drawer of SPEC section 2 (1174 px, titled from the document or 预览) for a printed
 * document: the PDF inline (a blob URL typed application/pdf by us), 打印 and 下载 PDF; where the server
 * could not make a PDF, its message and 下载 Word 文档. `doc` undefined: generating (a spinner).
 */
export function PrintedDocumentDrawer({ open, doc, title, onClose }: { open: boolean; doc: PrintedDocument | null | undefined; title?: string; onClose: () => void }) {
  const t = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const pdf = doc ? isPdf(doc) : false;

  useEffect(() => {
    if (!doc || !pdf) return setUrl(null);
    const next = URL.createObjectURL(new Blob([doc.file], { type: 'application/pdf' }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [doc, pdf]);

  const heading = (doc?.title ?? title)?.trim() || t('report.previewTitle');
  const download = () => doc && saveBlob(doc.file, doc.fileName);
  const footer = doc ? (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', width: '100%' }}>
      {pdf && <Button variant="contained" onClick={() => frame.current?.contentWindow?.print()}>{t('report.printPdf')}</Button>}
      <Button variant="outlined" onClick={download}>{t(pdf ? 'report.downloadPdf' : 'report.downloadDocx')}</Button>
    </Stack>
  ) : null;

  return (
    <AppDrawer open={open} title={heading} width={DOCUMENT_PREVIEW_WIDTH} footer={footer} onCancel={onClose}>
      {!doc && (
        <Stack spacing={1} sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('report.printing')} />
        </Stack>
      )}
      {doc && !pdf && (
        <Alert severity="warning" data-testid="no-pdf" sx={{ mb: 1 }}>
          {t('report.noPdf')}{doc.message ? `：${doc.message}` : ''}
        </Alert>
      )}
      {doc && pdf && url && (
        <Box component="iframe" ref={frame} src={url} title={heading} data-testid="document-pdf" sx={{ width: '100%', height: 'calc(100vh - 140px)', border: 0 }} />
      )}
    </AppDrawer>
  );
}

export { FileViewer, type FileViewerProps } from './FileViewer';
export { FilePreview } from './FilePreview';
export { EMPTY_IMAGE } from './FileThumb';
export { downloadFile, fetchPreviewBlob, uploadFile, type FileRef } from './fileApi';

export { DocumentPreview, DOCUMENT_PREVIEW_WIDTH, type DocumentPreviewProps } from './DocumentPreview';

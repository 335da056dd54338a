export { Upload, type UploadProps } from './Upload';
export { countAllowed, matchesAccept, type Attachment } from './attachment';

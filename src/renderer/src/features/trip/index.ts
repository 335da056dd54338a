/** The trip feature's public file: what other features may use of it (lint rejects deeper imports). */
// A camera frame or a picked picture as a JPEG of at most 200 KB (the household check's photos use it too).
export { compressPhoto, dataUrlBytes, PHOTO_MAX_BYTES } from './field/photo';
// The signature pad of a proof of delivery (the household check's user signs on it too).
export { SignatureField } from './field/SignatureField';

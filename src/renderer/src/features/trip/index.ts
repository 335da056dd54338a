/** The trip feature's public file: what other features may use of it (lint rejects deeper imports). */
// A camera frame or a picked picture as a JPEG of at most 200 KB (the household check's photos use it too).
export { compressPhoto, dataUrlBytes, PHOTO_MAX_BYTES } from './field/photo';
// The signature pad of a proof of delivery (the household check's user signs on it too).
export { SignatureField } from './field/SignatureField';
// A stop's signature or photo (a statement's line links to the proof of delivery that began the rental).
export { ProofImage } from './office/ProofImage';

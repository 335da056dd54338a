/** The transport feature's public file: what other features may use of it (lint rejects deeper imports). */
export { idNumberBody, idNumberField, replaceMasked } from './papers';
export { TransportSelect, type TransportRole } from './TransportSelect';

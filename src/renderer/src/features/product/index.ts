/** The product feature's public file: what other features may use of it (lint rejects deeper imports). */
export { StatusChip } from './StatusChip';

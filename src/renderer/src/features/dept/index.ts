/** The dept feature's public file: what other features may use of it (lint rejects deeper imports). */
export { deptApi } from './deptApi';
export { deptOptions } from './deptOptions';

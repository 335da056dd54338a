import { PRODUCT_STATUS_NAMES } from '@shared/api/enum';

/** 「在库(2)」: how messages name a status. */
export const statusLabel = (status: number) => `「${PRODUCT_STATUS_NAMES[status] ?? status}(${status})」`;

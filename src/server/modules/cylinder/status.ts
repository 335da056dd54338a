import { statusName } from '@shared/lifecycle';

/** 「在库(2)」: how messages name a status. */
export const statusLabel = (status: number) => `「${statusName(status)}(${status})」`;

/** 「在库(2)」: how messages name a status (the transition table's, src/shared/cylinder/transitions.ts). */
export { statusLabel } from '@shared/cylinder/transitions';

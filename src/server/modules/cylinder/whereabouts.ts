/** Where a cylinder is, in words, as a refused scan names it: the transition table's (src/shared/cylinder/transitions.ts). */
export { placeWords } from '@shared/cylinder/transitions';

export { whereabouts, type Whereabouts } from './place.sql';

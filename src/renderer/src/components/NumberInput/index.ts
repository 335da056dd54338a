export { NumberInput, problemText, type NumberInputProps } from './NumberInput';
export { numberProblem } from './numberText';

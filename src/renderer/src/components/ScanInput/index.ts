export { ScanInput, type ScanFeedback, type ScanInfo, type ScanInputProps } from './ScanInput';
export { classifyScan, SCANNER_MAX_INTERVAL_MS, SCANNER_MIN_LENGTH, type ScanSource } from './scanTiming';
export { beep, warmBeep } from './beep';

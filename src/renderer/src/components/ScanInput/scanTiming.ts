export type ScanSource = 'scanner' | 'keyboard';

/** A wedge scanner types a whole code in a burst: every key well under this many ms after the previous. */
export const SCANNER_MAX_INTERVAL_MS = 50;
/** Shorter bursts could be a fast typist; codes are at least this long. */
export const SCANNER_MIN_LENGTH = 4;

/** Tells a scan from typing by the times (ms) its keys arrived. */
export function classifyScan(keyTimes: number[], codeLength: number, maxInterval = SCANNER_MAX_INTERVAL_MS, minLength = SCANNER_MIN_LENGTH): ScanSource {
  if (codeLength < minLength || keyTimes.length < minLength) return 'keyboard';
  for (let i = 1; i < keyTimes.length; i++) {
    if (keyTimes[i]! - keyTimes[i - 1]! >= maxInterval) return 'keyboard';
  }
  return 'scanner';
}

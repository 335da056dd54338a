export const BUILD_INPUTS: string[];
export const BUILD_OUTPUTS: string[];
export const STAMP: string;
/** True when out/ is incomplete or any build input changed since the last build started. */
export function isBuildStale(root: string): boolean;
export function writeBuildStamp(root: string, startedAt: number): void;

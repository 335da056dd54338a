/**
 * Semantic versions (semver 2.0.0 precedence), enough for the client version floor: the server checks
 * MIN_CLIENT_VERSION with it, the desktop app compares itself against the floor. Kept here rather than
 * pulling `semver` into three programs for two functions.
 */
export interface Version {
  major: number;
  minor: number;
  patch: number;
  /** Pre-release identifiers ('beta.2' → ['beta', 2]); empty for a release. */
  prerelease: (string | number)[];
}

const PATTERN =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** The version, or null when the text is not a semantic version (a leading v is accepted, build metadata ignored). */
export function parseVersion(text: string): Version | null {
  const m = PATTERN.exec(text.trim());
  if (!m) return null;
  return {
    major: Number(m[1]),
    minor: Number(m[2]),
    patch: Number(m[3]),
    prerelease: m[4] ? m[4].split('.').map((id) => (/^\d+$/.test(id) ? Number(id) : id)) : [],
  };
}

function compareIdentifiers(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  // Numeric identifiers sort before alphanumeric ones.
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** -1, 0 or 1 by semver precedence; throws on text that is not a version. */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) throw new Error(`Not a semantic version: ${!x ? a : b}`);
  for (const key of ['major', 'minor', 'patch'] as const) {
    if (x[key] !== y[key]) return Math.sign(x[key] - y[key]);
  }
  // A pre-release sorts before its release: 1.2.0-beta.1 < 1.2.0.
  if (!x.prerelease.length || !y.prerelease.length) return Math.sign(y.prerelease.length - x.prerelease.length);
  for (let i = 0; i < Math.max(x.prerelease.length, y.prerelease.length); i++) {
    if (i >= x.prerelease.length) return -1;
    if (i >= y.prerelease.length) return 1;
    const c = compareIdentifiers(x.prerelease[i]!, y.prerelease[i]!);
    if (c) return c;
  }
  return 0;
}

/**
 * Whether a client at `version` is below the server's `floor`. No floor, or text that is not a version on
 * either side, never blocks: a typo on the server must not lock every workstation out.
 */
export function isBelowFloor(version: string, floor: string | null | undefined): boolean {
  if (!floor || !parseVersion(version) || !parseVersion(floor)) return false;
  return compareVersions(version, floor) < 0;
}

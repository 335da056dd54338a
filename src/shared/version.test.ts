import { describe, expect, it } from 'vitest';
import { compareVersions, isBelowFloor, parseVersion } from './version';

describe('semantic versions', () => {
  it('parses releases and pre-releases, with or without a leading v', () => {
    expect(parseVersion('1.2.3')).toEqual({ major: 1, minor: 2, patch: 3, prerelease: [] });
    expect(parseVersion('v2.0.0-beta.11+build.7')).toEqual({ major: 2, minor: 0, patch: 0, prerelease: ['beta', 11] });
    for (const bad of ['', '1.2', '1.2.3.4', '01.2.3', '1.2.x', 'latest']) expect(parseVersion(bad), bad).toBeNull();
  });

  it('orders by semver precedence (numbers numerically, a pre-release before its release)', () => {
    const sorted = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.2.0', '1.10.0', '2.0.0'];
    for (let i = 0; i < sorted.length - 1; i++) {
      expect(compareVersions(sorted[i]!, sorted[i + 1]!), `${sorted[i]} < ${sorted[i + 1]}`).toBe(-1);
      expect(compareVersions(sorted[i + 1]!, sorted[i]!)).toBe(1);
    }
    expect(compareVersions('1.2.3+a', 'v1.2.3')).toBe(0);
    expect(() => compareVersions('1.2', '1.2.3')).toThrow('Not a semantic version: 1.2');
  });

  it('puts a client below the floor only when it is older than a valid floor', () => {
    expect(isBelowFloor('1.2.0', '1.3.0')).toBe(true);
    expect(isBelowFloor('1.3.0-beta.1', '1.3.0')).toBe(true);
    expect(isBelowFloor('1.3.0', '1.3.0')).toBe(false);
    expect(isBelowFloor('1.4.0', '1.3.0')).toBe(false);
    expect(isBelowFloor('1.2.0', null)).toBe(false);
    expect(isBelowFloor('1.2.0', 'soon')).toBe(false);
  });
});

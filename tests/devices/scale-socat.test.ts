import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScaleReading } from '../../src/shared/devices';
import { ScaleReader } from '../../src/main/devices/scales/reader';
import { buildA9Frame } from '../../src/main/devices/scales/yaohua-a9';
import { hasSocat, startSocatPair, type SocatPair } from './socat-pair';

/** A Yaohua A9 indicator: writes one frame every 30 ms through the real serialport stack. */
async function startScale(path: string, frames: () => Buffer): Promise<() => Promise<void>> {
  const port = new SerialPort({ path, baudRate: 9600, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  port.on('error', () => undefined);
  const timer = setInterval(() => port.isOpen && port.write(frames()), 30);
  return async () => {
    clearInterval(timer);
    if (port.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
  };
}

const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups.length = 0;
});

describe.skipIf(!hasSocat)('a scale on a virtual serial pair (socat)', () => {
  it('turns A9 frames into stable readings, skips corrupt frames and reconnects after the cable is pulled', { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scale-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const scaleEnd = join(dir, 'scale');
    const appEnd = join(dir, 'app');
    let pair: SocatPair = await startSocatPair(scaleEnd, appEnd);
    cleanups.push(() => pair.stop());

    // The cylinder settles: 19.50, 19.80, then 20.00 for good, with a corrupt frame now and then.
    let n = 0;
    const corrupt = Buffer.from(buildA9Frame(20));
    corrupt[4] = 0x37; // 20.00 would read 70.00 if the check were ignored
    const frames = () => {
      n += 1;
      if (n % 7 === 0) return corrupt;
      return buildA9Frame(n < 4 ? 19.5 : n < 6 ? 19.8 : 20);
    };
    let stopScale = await startScale(scaleEnd, frames);
    cleanups.push(() => stopScale());

    const readings: ScaleReading[] = [];
    const errors: string[] = [];
    const reader = new ScaleReader(
      { path: appEnd, protocol: 'yaohua-a9', baudRate: 9600, stableCount: 3 },
      { reading: (r) => readings.push(r), error: (m) => errors.push(m) },
      { initialBackoffMs: 100, maxBackoffMs: 200 },
    );
    reader.start();
    cleanups.push(() => reader.stop());

    await until(() => readings.some((r) => r.stable && r.weight === 20) && reader.stats.badFrames > 0);
    expect(readings.every((r) => [19.5, 19.8, 20].includes(r.weight))).toBe(true);
    expect(readings.filter((r) => r.weight !== 20).every((r) => !r.stable || r.weight === 19.5)).toBe(true);
    expect(readings.find((r) => r.stable)).toMatchObject({ unit: 'kg', raw: expect.stringContaining('<02>') });

    // Pull the cable: the reader says so, keeps retrying, and reads again once it is back.
    await stopScale();
    await pair.stop();
    await until(() => errors.some((e) => e.includes('电子秤')));
    const before = readings.length;
    pair = await startSocatPair(scaleEnd, appEnd);
    stopScale = await startScale(scaleEnd, () => buildA9Frame(20));
    await until(() => readings.length > before + 3 && readings.at(-1)!.stable, 10_000);
    expect(reader.stats.reconnects).toBeGreaterThan(0);
    expect(readings.at(-1)).toMatchObject({ weight: 20, stable: true });
  });
});

import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScaleReading } from '../../../shared/devices';
import { buildA12Frame } from './yaohua-a12';
import { ScaleReader, type PortLike } from './reader';

/** A serial port whose open succeeds or fails as the test says (a USB adapter plugged in or not). */
class FakePort extends EventEmitter {
  isOpen = false;
  writes: string[] = [];
  constructor(private readonly plugged: () => boolean) {
    super();
  }
  open(cb: (err: Error | null) => void) {
    if (!this.plugged()) return cb(new Error('No such file or directory'));
    this.isOpen = true;
    cb(null);
  }
  close(cb: () => void) {
    this.isOpen = false;
    cb();
  }
  write(data: string) {
    this.writes.push(data);
    return true;
  }
}

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 3000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

let reader: ScaleReader | undefined;
afterEach(() => reader?.stop());

describe('scale reader', () => {
  it('counts bad frames, never reports them as weights, and reports overload', () => {
    const ports: FakePort[] = [];
    const readings: ScaleReading[] = [];
    const errors: string[] = [];
    reader = new ScaleReader(
      { path: 'COM3', protocol: 'yaohua-a12', baudRate: 9600, stableCount: 2 },
      { reading: (r) => readings.push(r), error: (m) => errors.push(m) },
      { openPort: () => (ports.push(new FakePort(() => true)), ports.at(-1) as unknown as PortLike) },
    );
    reader.start();
    const good = buildA12Frame('WG014.500kg');
    const bad = Buffer.from('WG094.500kg3D\r\n');
    ports[0]!.emit('data', Buffer.concat([good, bad, good, buildA12Frame('         OL')]));
    expect(readings.map((r) => [r.weight, r.stable])).toEqual([
      [14.5, false],
      [14.5, true],
    ]);
    expect(reader.stats).toMatchObject({ frames: 3, badFrames: 1 });
    expect(errors).toEqual(['电子秤超载：COM3']);
  });

  it('asks an MT-SICS balance to send continuously (SIR) once open', () => {
    let port: FakePort | undefined;
    reader = new ScaleReader({ path: 'COM4', protocol: 'mt-sics', baudRate: 9600 }, { reading: () => {}, error: () => {} }, {
      openPort: () => (port = new FakePort(() => true)) as unknown as PortLike,
    });
    reader.start();
    expect(port?.writes).toEqual(['SIR\r\n']);
  });

  it('retries with backoff while unplugged, says so once, and reads again when plugged back', async () => {
    let plugged = false;
    const ports: FakePort[] = [];
    const errors: string[] = [];
    const readings: ScaleReading[] = [];
    reader = new ScaleReader(
      { path: '/dev/ttyUSB0', protocol: 'yaohua-a12', baudRate: 9600 },
      { reading: (r) => readings.push(r), error: (m) => errors.push(m) },
      { initialBackoffMs: 5, maxBackoffMs: 20, openPort: () => (ports.push(new FakePort(() => plugged)), ports.at(-1) as unknown as PortLike) },
    );
    reader.start();
    await until(() => ports.length >= 4);
    expect(errors).toEqual(['电子秤串口无法打开：/dev/ttyUSB0（No such file or directory）']);
    plugged = true;
    await until(() => reader!.stats.connected);
    ports.at(-1)!.emit('data', buildA12Frame('WG001.000kg'));
    expect(readings.at(-1)?.weight).toBe(1);
    ports.at(-1)!.emit('close');
    expect(errors.at(-1)).toBe('电子秤已断开：/dev/ttyUSB0');
  });
});

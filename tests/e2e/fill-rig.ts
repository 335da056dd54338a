import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { SerialPort } from 'serialport';
import { buildA9Frame } from '../../src/main/devices/scales/yaohua-a9';

/**
 * The filling scale's rig for tests/e2e/fill-cycle.spec.ts, on the far ends of two socat pairs:
 * - a Modbus RTU relay board (written here from the protocol: function 01 read coils, 05 write single coil with the
 *   common boards' timed on/off at 0x0200 / 0x0400 + coil, 0F write multiple coils; CRC-16/MODBUS) that records every
 *   coil write;
 * - a Yaohua A9 weighing indicator streaming the gross weight every 30 ms, the weight rising only while the
 *   board's coil is on — the valve the permission opens — and stopping when it goes off.
 */

/** CRC-16/MODBUS (poly 0xA001, init 0xFFFF), low byte first on the wire. */
export function crc16(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const b of bytes) {
    crc ^= b;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

const withCrc = (body: number[]): Buffer => {
  const crc = crc16(Uint8Array.from(body));
  return Buffer.from([...body, crc & 0xff, crc >> 8]);
};

export interface CoilWrite {
  coil: number;
  on: boolean;
  at: number;
}

export interface RelayBoard {
  writes: CoilWrite[];
  coils: Map<number, boolean>;
  isOn(coil: number): boolean;
  close(): Promise<void>;
}

async function openPort(path: string, baudRate: number): Promise<SerialPort> {
  const port = new SerialPort({ path, baudRate, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  port.on('error', () => undefined);
  return port;
}

const closePort = (port: SerialPort) => new Promise<void>((resolve) => (port.isOpen ? port.close(() => resolve()) : resolve()));

/** A relay board answering as unit `unitId` on `path` (the far end of the relay's socat pair). */
export async function startRelayBoard(path: string, unitId: number, baudRate = 9600): Promise<RelayBoard> {
  const port = await openPort(path, baudRate);
  const coils = new Map<number, boolean>();
  const writes: CoilWrite[] = [];
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let buf = Buffer.alloc(0);
  const frameLength = (b: Buffer): number | null => {
    if (b.length < 2) return null;
    const fc = b[1]!;
    if (fc === 0x0f || fc === 0x10) return b.length >= 7 ? 9 + b[6]! : null;
    return 8; // 01, 02, 03, 04, 05, 06: unit fc a a b b crc crc
  };
  port.on('data', (chunk: Buffer) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      const n = frameLength(buf);
      if (n === null || buf.length < n) return;
      const frame = buf.subarray(0, n);
      buf = buf.subarray(n);
      if (crc16(frame.subarray(0, n - 2)) !== frame.readUInt16LE(n - 2)) {
        buf = Buffer.alloc(0); // out of step: wait for the master's next frame
        return;
      }
      if (frame[0] !== unitId) continue;
      const fc = frame[1]!;
      const addr = frame.readUInt16BE(2);
      if (fc === 0x05) {
        // The Waveshare timed convention (the watchdog): 0x0200 + coil = on now, off by itself after value × 100 ms;
        // 0x0400 + coil = off now, on after; the plain address (0xFF00 / 0x0000) cancels a running timer.
        const value = frame.readUInt16BE(4);
        const timed = addr >= 0x0200 && addr < 0x0600;
        const coil = timed ? addr & 0xff : addr;
        const on = timed ? addr < 0x0400 : value === 0xff00;
        clearTimeout(timers.get(coil));
        coils.set(coil, on);
        writes.push({ coil, on, at: Date.now() });
        if (timed) {
          timers.set(coil, setTimeout(() => {
            coils.set(coil, !on);
            writes.push({ coil, on: !on, at: Date.now() });
          }, value * 100));
        }
        port.write(Buffer.from(frame));
      } else if (fc === 0x0f) {
        const qty = frame.readUInt16BE(4);
        for (let i = 0; i < qty; i++) {
          const on = ((frame[7 + (i >> 3)]! >> (i & 7)) & 1) === 1;
          coils.set(addr + i, on);
          writes.push({ coil: addr + i, on, at: Date.now() });
        }
        port.write(withCrc([unitId, 0x0f, frame[2]!, frame[3]!, frame[4]!, frame[5]!]));
      } else if (fc === 0x01) {
        const qty = frame.readUInt16BE(4);
        const bytes = new Array<number>(Math.ceil(qty / 8)).fill(0);
        for (let i = 0; i < qty; i++) if (coils.get(addr + i)) bytes[i >> 3]! |= 1 << (i & 7);
        port.write(withCrc([unitId, 0x01, bytes.length, ...bytes]));
      } else if (fc === 0x06) {
        port.write(Buffer.from(frame)); // a watchdog / timer register: accepted
      } else {
        port.write(withCrc([unitId, fc | 0x80, 0x01])); // illegal function
      }
    }
  });
  return { writes, coils, isOn: (coil) => coils.get(coil) === true, close: () => (timers.forEach(clearTimeout), closePort(port)) };
}

export interface FillingScale {
  /** Gross kg shown now. */
  gross: number;
  /** Puts a cylinder on the platform (its tare, or tare + what it holds). */
  place(grossKg: number): void;
  stop(): Promise<void>;
}

/** A Yaohua A9 indicator on `path`: the gross rises by `flowKgPerSecond` while `valveOpen()` says so. */
export async function startFillingScale(path: string, valveOpen: () => boolean, flowKgPerSecond = 4): Promise<FillingScale> {
  const port = await openPort(path, 9600);
  const scale = { gross: 0 } as FillingScale;
  let last = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    // The rig's own clock: a tick late because this process was busy (a loaded two-core machine) counts as at most
    // two frames, so the gross never jumps past the agent's cut-off in one frame the agent could not have seen coming
    // (an indicator streams at its own pace; only this stand-in can stall).
    if (valveOpen()) scale.gross += (flowKgPerSecond * Math.min(now - last, 60)) / 1000;
    last = now;
    if (port.isOpen) port.write(buildA9Frame(Math.round(scale.gross * 100) / 100));
  }, 30);
  scale.place = (grossKg) => void (scale.gross = grossKg);
  scale.stop = async () => {
    clearInterval(timer);
    await closePort(port);
  };
  return scale;
}

export interface DeviceAgent {
  url: string;
  scalePath: string;
  relayName: string;
  stop(): Promise<void>;
}

/**
 * The standalone device agent (`npm run print-agent`) with the scale and the relay in its configuration, on a free
 * port (it prints its address when listening).
 */
export async function startDeviceAgent(o: { origin: string; scalePath: string; relayPath: string; relayName: string; coil: number; printerPort?: number; allowanceKg?: number; watchdogSeconds?: number }): Promise<DeviceAgent> {
  const env = {
    ...process.env,
    PRINT_AGENT_PORT: '0',
    PRINT_AGENT_ORIGINS: o.origin,
    ...(o.printerPort ? { PRINT_AGENT_PRINTERS: JSON.stringify([{ name: '充装标签机', lang: 'tspl', transport: 'tcp', address: `127.0.0.1:${o.printerPort}` }]) } : {}),
    PRINT_AGENT_SCALES: JSON.stringify([{ path: o.scalePath, protocol: 'yaohua-a9', baudRate: 9600 }]),
    PRINT_AGENT_RELAYS: JSON.stringify([{ name: o.relayName, path: o.relayPath, baudRate: 9600, unitId: 1, coil: o.coil, normallyOpen: true, watchdogSeconds: o.watchdogSeconds ?? 0 }]),
    // The filling point a browser station gets from the agent (GET /fill/stations).
    PRINT_AGENT_FILL_STATIONS: JSON.stringify([{ scale: o.scalePath, relay: o.relayName, allowanceKg: o.allowanceKg ?? 0.2, silenceSeconds: 3 }]),
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main/print-agent/cli.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const seen = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => reject(new Error(`the device agent exited (${code}):\n${out}`)));
    setTimeout(() => reject(new Error(`the device agent did not listen:\n${out}`)), 30_000);
  });
  return {
    url, scalePath: o.scalePath, relayName: o.relayName,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

/**
 * This browser's 充装 station (设备设置): the device agent's address (its filling point — scale, relay, allowance —
 * comes from the agent's configuration), the workstation name, and the label printed after each fill.
 */
export async function configureFillStation(page: Page, o: { agentUrl: string; workstation: string; printer?: string; template?: string }) {
  await page.evaluate((url) => localStorage.setItem('PRINT_AGENT_URL', url), o.agentUrl);
  await page.goto('/Setting/machine');
  await page.getByLabel('工作站名称').fill(o.workstation);
  if (o.printer && o.template) {
    const print = page.getByTestId('print-fill');
    await print.getByLabel('扫描后打印').check();
    await print.getByLabel('标签模板').click();
    await page.getByRole('option', { name: o.template }).click();
    await print.getByLabel('标签打印机').fill(o.printer);
  }
}

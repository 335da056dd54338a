import { SerialPort } from 'serialport';
import { checkCrc, crc16 } from '../../src/main/devices/relay/modbus-rtu';

/**
 * A Modbus RTU relay board on the far end of a serial pair, written from the protocol (not from the driver): it
 * answers read coils (01), write single coil (05) and write multiple coils (0F) for one unit id, records every
 * write, and implements the Waveshare timed modes on function 05: address 0x0200 + coil = on now, off after
 * value × 100 ms ("flash on"); 0x0400 + coil = off now, on after value × 100 ms. A plain 05 (0xFF00 / 0x0000)
 * cancels a running timer. A repeated flash command restarts the timer (what the watchdog relies on).
 */
export interface CoilWrite {
  at: number;
  coil: number;
  /** 'on' | 'off' for plain writes, 'flashOn' | 'flashOff' for the timed modes. */
  kind: 'on' | 'off' | 'flashOn' | 'flashOff';
  value: number;
}

export interface ModbusResponder {
  coils: boolean[];
  writes: CoilWrite[];
  /** Coil changes by the board's own timer. */
  timerReleases: { at: number; coil: number }[];
  close(): Promise<void>;
}

function frame(bytes: number[]): Buffer {
  const body = Buffer.from(bytes);
  const crc = crc16(body);
  return Buffer.concat([body, Buffer.from([crc & 0xff, crc >> 8])]);
}

export async function startModbusResponder(path: string, unitId = 1, coilCount = 8): Promise<ModbusResponder> {
  const port = new SerialPort({ path, baudRate: 9600, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  port.on('error', () => undefined);
  const state: ModbusResponder = {
    coils: new Array<boolean>(coilCount).fill(false),
    writes: [],
    timerReleases: [],
    close: async () => {
      for (const t of timers.values()) clearTimeout(t);
      if (port.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    },
  };
  const timers = new Map<number, NodeJS.Timeout>();
  const setTimer = (coil: number, ms: number, to: boolean) => {
    clearTimeout(timers.get(coil));
    timers.set(
      coil,
      setTimeout(() => {
        timers.delete(coil);
        state.coils[coil] = to;
        if (!to) state.timerReleases.push({ at: Date.now(), coil });
      }, ms),
    );
  };
  let buf = Buffer.alloc(0);
  const answer = (bytes: number[]) => port.write(frame(bytes));
  const exception = (fn: number, code: number) => answer([unitId, fn | 0x80, code]);

  port.on('data', (chunk: Buffer) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      if (buf.length < 8) return;
      const fn = buf[1]!;
      const need = fn === 0x0f ? 9 + buf[6]! : 8;
      if (buf.length < need) return;
      const req = buf.subarray(0, need);
      buf = buf.subarray(need);
      if (!checkCrc(req) || req[0] !== unitId) continue; // a real board stays silent
      const address = req.readUInt16BE(2);
      const value = req.readUInt16BE(4);
      if (fn === 0x05) {
        const base = address & 0xff00;
        const coil = address & 0x00ff;
        if (coil >= coilCount || (base !== 0 && base !== 0x0200 && base !== 0x0400)) return void exception(fn, 2);
        if (base === 0 && value !== 0xff00 && value !== 0) return void exception(fn, 3);
        const kind: CoilWrite['kind'] = base === 0x0200 ? 'flashOn' : base === 0x0400 ? 'flashOff' : value ? 'on' : 'off';
        state.writes.push({ at: Date.now(), coil, kind, value });
        if (kind === 'on' || kind === 'off') {
          clearTimeout(timers.get(coil));
          timers.delete(coil);
          state.coils[coil] = kind === 'on';
        } else {
          state.coils[coil] = kind === 'flashOn';
          setTimer(coil, value * 100, kind !== 'flashOn');
        }
        answer([...req.subarray(0, 6)]);
      } else if (fn === 0x0f) {
        for (let i = 0; i < value; i++) {
          const on = ((req[7 + (i >> 3)] ?? 0) & (1 << (i & 7))) !== 0;
          state.coils[address + i] = on;
          state.writes.push({ at: Date.now(), coil: address + i, kind: on ? 'on' : 'off', value: on ? 0xff00 : 0 });
        }
        answer([...req.subarray(0, 6)]);
      } else if (fn === 0x01) {
        const bytes = new Array<number>(Math.ceil(value / 8)).fill(0);
        for (let i = 0; i < value; i++) if (state.coils[address + i]) bytes[i >> 3]! |= 1 << (i & 7);
        answer([unitId, 0x01, bytes.length, ...bytes]);
      } else exception(fn, 1);
    }
  });
  return state;
}

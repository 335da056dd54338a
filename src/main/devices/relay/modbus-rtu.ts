import { SerialPort } from 'serialport';

/**
 * A small Modbus RTU master for relay boards: read coils (01), write single coil (05), write multiple coils (0F),
 * plus the raw function-05 write the cheap boards overload for their timed ("flash") mode. Hand-written rather than
 * modbus-serial/jsmodbus: those expose function 05 only as on/off (0xFF00/0x0000), and the board's watchdog needs
 * function 05 with another value; the protocol is a few dozen lines and this keeps serialport 13 the only dependency.
 *
 * One request at a time per port (RS-485 is half duplex): requests queue. Each answer is awaited up to `timeoutMs`
 * and its CRC checked; an exception answer (function | 0x80) becomes an error with the Modbus exception code.
 */

/** CRC-16/MODBUS (poly 0xA001 reflected, init 0xFFFF); sent low byte first. */
export function crc16(data: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of data) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** A PDU with unit id and CRC appended. */
export function rtuFrame(unitId: number, pdu: number[]): Buffer {
  const body = Buffer.from([unitId, ...pdu]);
  const crc = crc16(body);
  return Buffer.concat([body, Buffer.from([crc & 0xff, crc >> 8])]);
}

export function checkCrc(frame: Uint8Array): boolean {
  if (frame.length < 4) return false;
  const crc = crc16(frame.subarray(0, frame.length - 2));
  return frame[frame.length - 2] === (crc & 0xff) && frame[frame.length - 1] === crc >> 8;
}

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];

/** Function 05 with any 16-bit value (0xFF00 on, 0x0000 off; boards give other values other meanings). */
export const writeSingleCoilPdu = (address: number, value: number) => [0x05, ...u16(address), ...u16(value)];
export const readCoilsPdu = (address: number, count: number) => [0x01, ...u16(address), ...u16(count)];
export function writeMultipleCoilsPdu(address: number, states: boolean[]): number[] {
  const bytes = new Array<number>(Math.ceil(states.length / 8)).fill(0);
  states.forEach((on, i) => {
    if (on) bytes[i >> 3]! |= 1 << (i & 7);
  });
  return [0x0f, ...u16(address), ...u16(states.length), bytes.length, ...bytes];
}

/** Expected answer length once the first bytes are in (null: not known yet). */
export function expectedLength(head: Uint8Array): number | null {
  if (head.length < 2) return null;
  const fn = head[1]!;
  if (fn & 0x80) return 5;
  if (fn === 0x05 || fn === 0x0f || fn === 0x06 || fn === 0x10) return 8;
  if (fn === 0x01 || fn === 0x02 || fn === 0x03 || fn === 0x04) return head.length < 3 ? null : 5 + head[2]!;
  return 5;
}

const EXCEPTIONS: Record<number, string> = { 1: '不支持的功能码', 2: '地址无效', 3: '数值无效', 4: '设备故障', 6: '设备忙' };

export class ModbusError extends Error {
  constructor(message: string, readonly exceptionCode?: number) {
    super(message);
    this.name = 'ModbusError';
  }
}

export type RtuPort = Pick<SerialPort, 'open' | 'close' | 'write' | 'on' | 'removeAllListeners' | 'isOpen'>;

export interface ModbusRtuOptions {
  path: string;
  baudRate: number;
  timeoutMs?: number;
  openPort?: (path: string, baudRate: number) => RtuPort;
}

const serialPort = (path: string, baudRate: number): RtuPort =>
  new SerialPort({ path, baudRate, dataBits: 8, parity: 'none', stopBits: 1, autoOpen: false });

export class ModbusRtuClient {
  private port: RtuPort | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private pending: { unitId: number; fn: number; buf: Buffer; done(err: Error | null, frame?: Buffer): void } | undefined;
  private closed = false;

  constructor(private readonly options: ModbusRtuOptions) {}

  get path(): string {
    return this.options.path;
  }

  /** Sends one PDU to `unitId` and resolves with the answer's PDU (function code first, CRC stripped). */
  request(unitId: number, pdu: number[]): Promise<Buffer> {
    const run = () => this.exchange(unitId, pdu);
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  async writeCoil(unitId: number, coil: number, on: boolean): Promise<void> {
    await this.request(unitId, writeSingleCoilPdu(coil, on ? 0xff00 : 0x0000));
  }

  /** Function 05 with a raw value: the timed ("flash") modes of relay boards. */
  async writeCoilValue(unitId: number, address: number, value: number): Promise<void> {
    await this.request(unitId, writeSingleCoilPdu(address, value));
  }

  async writeCoils(unitId: number, coil: number, states: boolean[]): Promise<void> {
    await this.request(unitId, writeMultipleCoilsPdu(coil, states));
  }

  async readCoils(unitId: number, coil: number, count: number): Promise<boolean[]> {
    const answer = await this.request(unitId, readCoilsPdu(coil, count));
    return Array.from({ length: count }, (_, i) => ((answer[2 + (i >> 3)] ?? 0) & (1 << (i & 7))) !== 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    const port = this.port;
    this.port = undefined;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    port?.removeAllListeners();
  }

  private async ensureOpen(): Promise<RtuPort> {
    if (this.port?.isOpen) return this.port;
    const port = (this.options.openPort ?? serialPort)(this.options.path, this.options.baudRate);
    port.on('data', (chunk: Buffer) => this.onData(chunk));
    const lost = (err?: Error) => {
      if (this.port !== port) return;
      this.port = undefined;
      port.removeAllListeners();
      port.on('error', () => undefined);
      this.pending?.done(new ModbusError(`继电器串口已断开：${this.options.path}${err ? `（${err.message}）` : ''}`));
    };
    port.on('close', () => lost());
    port.on('error', (err: Error) => lost(err));
    await new Promise<void>((resolve, reject) =>
      port.open((err) => (err ? reject(new ModbusError(`继电器串口无法打开：${this.options.path}（${err.message}）`)) : resolve())),
    );
    this.port = port;
    return port;
  }

  private async exchange(unitId: number, pdu: number[]): Promise<Buffer> {
    if (this.closed) throw new ModbusError(`继电器串口已关闭：${this.options.path}`);
    const port = await this.ensureOpen();
    const timeoutMs = this.options.timeoutMs ?? 500;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => done(new ModbusError(`继电器无响应（超时）：${this.options.path} 站号 ${unitId}`)), timeoutMs);
      const done = (err: Error | null, frame?: Buffer) => {
        clearTimeout(timer);
        this.pending = undefined;
        if (err) return reject(err);
        const fn = frame![1]!;
        if (fn & 0x80) {
          const code = frame![2]!;
          return reject(new ModbusError(`继电器返回异常：${EXCEPTIONS[code] ?? `代码 ${code}`}（站号 ${unitId}）`, code));
        }
        resolve(frame!.subarray(1, frame!.length - 2));
      };
      this.pending = { unitId, fn: pdu[0]!, buf: Buffer.alloc(0), done };
      port.write(rtuFrame(unitId, pdu), (err) => err && done(new ModbusError(`继电器写入失败：${this.options.path}（${err.message}）`)));
    });
  }

  private onData(chunk: Buffer): void {
    const p = this.pending;
    if (!p) return; // a late answer to a request that timed out: dropped
    p.buf = Buffer.concat([p.buf, chunk]);
    // Skip bytes until the frame starts with our unit id (line noise after a bus turnaround).
    while (p.buf.length > 0 && p.buf[0] !== p.unitId) p.buf = p.buf.subarray(1);
    const need = expectedLength(p.buf);
    if (need === null || p.buf.length < need) return;
    const frame = p.buf.subarray(0, need);
    if (!checkCrc(frame)) return p.done(new ModbusError(`继电器应答校验错误：${this.options.path}`));
    if ((frame[1]! & 0x7f) !== p.fn) return p.done(new ModbusError(`继电器应答功能码不符：${this.options.path}`));
    p.done(null, Buffer.from(frame));
  }
}

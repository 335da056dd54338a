import { describe, expect, it } from 'vitest';
import { checkCrc, crc16, expectedLength, rtuFrame, writeMultipleCoilsPdu, writeSingleCoilPdu } from './modbus-rtu';
import { FLASH_ON_BASE } from './relay';

describe('Modbus RTU frames', () => {
  it('computes CRC-16/MODBUS low byte first', () => {
    // Reference frames: write coil 0 on at unit 1, and the Waveshare flash-on example (relay 0, 700 ms).
    expect(rtuFrame(1, writeSingleCoilPdu(0, 0xff00)).toString('hex')).toBe('01050000ff008c3a');
    expect(rtuFrame(1, writeSingleCoilPdu(FLASH_ON_BASE, 7)).toString('hex')).toBe('0105020000078db0');
    expect(crc16(Buffer.from('123456789'))).toBe(0x4b37);
    expect(checkCrc(Buffer.from('0105020000078db0', 'hex'))).toBe(true);
    expect(checkCrc(Buffer.from('0105020000078db1', 'hex'))).toBe(false);
  });

  it('packs multiple coils LSB first and knows answer lengths', () => {
    expect(writeMultipleCoilsPdu(0, [true, false, true, true, false, false, false, false, true])).toEqual([0x0f, 0, 0, 0, 9, 2, 0b1101, 1]);
    expect(expectedLength(Buffer.from([1, 0x85]))).toBe(5);
    expect(expectedLength(Buffer.from([1, 0x05]))).toBe(8);
    expect(expectedLength(Buffer.from([1, 0x01, 2]))).toBe(7);
    expect(expectedLength(Buffer.from([1, 0x01]))).toBeNull();
  });
});

import type { LabelJob } from '../devices';

/** The cylinder label used by driver, transport, agent and render tests: Chinese, barcode, QR, alignment. */
export function cylinderLabel(overrides: Partial<LabelJob> = {}): LabelJob {
  return {
    printer: 'tcp://127.0.0.1:9100?lang=tspl',
    width: 60,
    height: 40,
    details: [
      { type: 'FONT', x: 2, y: 2, fontSize: 3, content: '气瓶编号：{cylinder.code|无}' },
      { type: 'BARCODE', x: 2, y: 8, size: 10, content: '{cylinder.code}' },
      { type: 'QRCODE', x: 40, y: 8, size: 10, errorLevel: 'M', content: '{cylinder.code}' },
      { type: 'FONT', x: 0, y: 30, fontSize: 3, position: 'center', content: 'Hello "A"' },
    ],
    data: { cylinder: { code: 'CP2024001' } },
    ...overrides,
  };
}

import { describe, expect, it } from 'vitest';
import { layoutLabel, measureText, mmToDots, qrCellWidth } from './layout';
import { cylinderLabel } from './cylinder-label.fixture';

describe('label layout', () => {
  it('applies the print defaults: dpi 203, one copy, direction 0', () => {
    const label = layoutLabel(cylinderLabel());
    expect(label).toMatchObject({ dpi: 203, printNum: 1, direction: 0, widthDots: 480, heightDots: 320 });
  });

  it('turns millimetres into dots at 8 per mm for 203 dpi and scales with dpi', () => {
    expect(mmToDots(10, 203)).toBe(80);
    expect(mmToDots(10, 300)).toBe(118);
  });

  it('measures Latin characters at 0.618 of the font size and wide characters at 1', () => {
    expect(measureText('AB', 10)).toBeCloseTo(12.36);
    expect(measureText('气瓶', 10)).toBe(20);
    expect(measureText('气A', 10)).toBeCloseTo(16.18);
  });

  it('aligns text by textAlign around x and by position within the label width', () => {
    const base = { printer: 'p', width: 60, dpi: 203 };
    const at = (detail: object) =>
      layoutLabel({ ...base, details: [{ type: 'FONT', x: 30, y: 0, fontSize: 5, content: '气瓶', ...detail }] }).items[0]!.x;
    expect(at({})).toBe(mmToDots(30, 203));
    expect(at({ textAlign: 'center' })).toBe(mmToDots(25, 203));
    expect(at({ textAlign: 'right' })).toBe(mmToDots(20, 203));
    expect(at({ position: 'center' })).toBe(mmToDots(25, 203));
    expect(at({ position: 'right' })).toBe(mmToDots(50, 203));
    expect(at({ position: 'left', textAlign: 'right' })).toBe(0);
  });

  it('divides the QR size by 2.5 for the module width, kept within 1–10 dots', () => {
    expect(qrCellWidth(10)).toBe(4);
    expect(qrCellWidth(1)).toBe(1);
    expect(qrCellWidth(100)).toBe(10);
  });

  it('resolves placeholders in every item', () => {
    expect(layoutLabel(cylinderLabel()).items.map((i) => i.content)).toEqual([
      '气瓶编号：CP2024001',
      'CP2024001',
      'CP2024001',
      'Hello "A"',
    ]);
  });
});

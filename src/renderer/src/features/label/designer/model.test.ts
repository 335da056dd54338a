import { describe, expect, it } from 'vitest';
import type { LabelContent } from '@shared/api/setting';
import { align, moveTo, newItem, nudge, paste, remove, resize, type Box } from './model';

const label: LabelContent = {
  width: 60, height: 40, dpi: 203, direction: 0, lang: 'tspl',
  details: [
    { type: 'FONT', x: 10, y: 5, fontSize: 3, textAlign: 'center', content: 'AB' },
    { type: 'QRCODE', x: 40, y: 10, size: 10, content: 'Q' },
  ],
};
const boxes: Box[] = [{ left: 8, top: 5, width: 4, height: 3 }, { left: 40, top: 10, width: 12, height: 12 }];

describe('the designer model', () => {
  it('moves an item by its box, snapped to the 0.5 mm grid, kept on the label, x by the text\'s alignment', () => {
    expect(moveTo(label.details[1]!, boxes[1]!, 41.26, 9.9, label, true)).toMatchObject({ x: 41.5, y: 10 });
    expect(moveTo(label.details[1]!, boxes[1]!, 41.26, 9.9, label, false)).toMatchObject({ x: 41.26, y: 9.9 });
    expect(moveTo(label.details[1]!, boxes[1]!, 70, -3, label, true)).toMatchObject({ x: 48, y: 0 });
    // A centred text's x is its middle: its left edge at 20 puts x at 22.
    expect(moveTo(label.details[0]!, boxes[0]!, 20, 5, label, true)).toMatchObject({ x: 22 });
    expect(moveTo({ ...label.details[0]!, position: 'center' }, boxes[0]!, 20, 5, label, true).position).toBe('');
  });

  it('aligns one item to the label, several to the box around them', () => {
    const centred = align(label, [1], boxes, 'center');
    expect(centred.details[1]).toMatchObject({ x: 24, y: 10 });
    expect(align(label, [1], boxes, 'bottom').details[1]).toMatchObject({ y: 28 });
    const tops = align(label, [0, 1], boxes, 'top');
    expect(tops.details.map((d) => d.y)).toEqual([5, 5]);
    const rights = align(label, [0, 1], boxes, 'right');
    expect(rights.details[0]).toMatchObject({ x: 50 }); // right edge 52: left 48, centred text → x 50
  });

  it('nudges, pastes 2 mm off, removes and resizes', () => {
    expect(nudge(label, [1], boxes, -0.5, 5).details[1]).toMatchObject({ x: 39.5, y: 15 });
    const pasted = paste(label, [label.details[1]!]);
    expect(pasted.selected).toEqual([2]);
    expect(pasted.label.details[2]).toMatchObject({ type: 'QRCODE', x: 42, y: 12 });
    expect(remove(label, [0]).details).toEqual([label.details[1]]);
    expect(resize(label.details[0]!, 2, 2)).toMatchObject({ fontSize: 6 });
    expect(resize(label.details[1]!, 1.3, 1.3)).toMatchObject({ size: 12.5 });
    expect(resize({ type: 'BARCODE', x: 0, y: 0, size: 10, content: 'x' }, 1, 0.5)).toMatchObject({ size: 5 });
  });

  it('adds items that print the source\'s code and the cylinder\'s /q/ address', () => {
    expect(newItem('BARCODE', label, 'CYLINDER').content).toBe('{cylinder.code}');
    expect(newItem('QRCODE', label, 'CYLINDER')).toMatchObject({ content: '{cylinder.qrUrl}', x: 40 });
    expect(newItem('FONT', label, 'LOT').y).toBe(12);
  });
});

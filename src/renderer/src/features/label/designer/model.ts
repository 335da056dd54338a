import type { LabelDetail } from '@shared/devices';
import type { LabelContent } from '@shared/api/setting';
import type { DataSourceKind } from '@shared/dataSources';

/**
 * The designer's pure operations on a label (millimetres throughout): adding items, moving them with
 * snapping, aligning, nudging, copying. The canvas and the keyboard call these; history keeps the results.
 */
export type ItemType = LabelDetail['type'];

/** An item's box on the label in mm, as the shared layout places it (text: its measured width). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const GRID_MM = 0.5;
export const NUDGE_MM = 0.5;
export const NUDGE_BIG_MM = 5;

const round = (mm: number, step = 0.1) => Math.round(mm / step) * step;
const clean = (mm: number) => Math.max(0, Number(mm.toFixed(2)));
export const snap = (mm: number, on: boolean) => clean(on ? round(mm, GRID_MM) : mm);

/** A new item of `type`, placed below the others, with content that prints something for the source. */
export function newItem(type: ItemType, label: LabelContent, source: DataSourceKind): LabelDetail {
  const y = Math.min(label.height - 4, 2 + label.details.length * 5);
  const code = source === 'CYLINDER' ? '{cylinder.code}' : source === 'LOT' ? '{lot.lotNo}' : '{order.orderNo}';
  if (type === 'FONT') return { type, x: 2, y, fontSize: 3, content: source === 'CYLINDER' ? '气瓶编码：{cylinder.code}' : '文字' };
  if (type === 'BARCODE') return { type, x: 2, y, size: 8, content: code };
  return { type, x: Math.max(0, label.width - 20), y: 2, size: 7.5, errorLevel: 'M', content: source === 'CYLINDER' ? '{cylinder.qrUrl}' : code };
}

/** x of a text whose left edge should be `left`: x names its left, centre or right by textAlign. */
export function xForLeft(item: LabelDetail, left: number, width: number): number {
  if (item.type !== 'FONT') return left;
  if (item.textAlign === 'center') return left + width / 2;
  if (item.textAlign === 'right') return left + width;
  return left;
}

/** The item moved so its box's top-left is (left, top): snapped, inside the label, `position` dropped. */
export function moveTo(item: LabelDetail, box: Box, left: number, top: number, label: LabelContent, snapOn: boolean): LabelDetail {
  const l = Math.min(Math.max(0, left), Math.max(0, label.width - box.width));
  const t = Math.min(Math.max(0, top), Math.max(0, label.height - box.height));
  const moved: LabelDetail = { ...item, x: snap(xForLeft(item, snap(l, snapOn), box.width), false), y: snap(t, snapOn) };
  if (moved.position) moved.position = '';
  return moved;
}

export type Alignment = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

/** Aligns the selected items: one to the label's edges or centre lines, several to the box around them. */
export function align(label: LabelContent, selected: number[], boxes: Box[], how: Alignment): LabelContent {
  if (!selected.length) return label;
  const around = selected.length === 1
    ? { left: 0, top: 0, width: label.width, height: label.height }
    : (() => {
      const sel = selected.map((i) => boxes[i]!);
      const left = Math.min(...sel.map((b) => b.left));
      const top = Math.min(...sel.map((b) => b.top));
      return { left, top, width: Math.max(...sel.map((b) => b.left + b.width)) - left, height: Math.max(...sel.map((b) => b.top + b.height)) - top };
    })();
  const details = label.details.map((item, i) => {
    if (!selected.includes(i)) return item;
    const b = boxes[i]!;
    const left = how === 'left' ? around.left : how === 'center' ? around.left + (around.width - b.width) / 2 : how === 'right' ? around.left + around.width - b.width : b.left;
    const top = how === 'top' ? around.top : how === 'middle' ? around.top + (around.height - b.height) / 2 : how === 'bottom' ? around.top + around.height - b.height : b.top;
    return moveTo(item, b, left, top, label, false);
  });
  return { ...label, details };
}

/** Moves the selected items by (dx, dy) mm, each kept inside the label. */
export function nudge(label: LabelContent, selected: number[], boxes: Box[], dx: number, dy: number): LabelContent {
  return {
    ...label,
    details: label.details.map((item, i) => (selected.includes(i) ? moveTo(item, boxes[i]!, boxes[i]!.left + dx, boxes[i]!.top + dy, label, false) : item)),
  };
}

/** Copies of `items` pasted 2 mm lower and to the right; answers the label and the new items' indexes. */
export function paste(label: LabelContent, items: LabelDetail[]): { label: LabelContent; selected: number[] } {
  const pasted = items.map((d) => ({ ...d, x: clean(d.x + 2), y: Math.min(clean(d.y + 2), label.height) }));
  const details = [...label.details, ...pasted].slice(0, 200);
  return { label: { ...label, details }, selected: pasted.map((_d, k) => label.details.length + k).filter((i) => i < details.length) };
}

export function remove(label: LabelContent, selected: number[]): LabelContent {
  return { ...label, details: label.details.filter((_d, i) => !selected.includes(i)) };
}

/** An item resized on the canvas by `scale`: text by its font size, a barcode by its bar height, a QR code by its size. */
export function resize(item: LabelDetail, scaleX: number, scaleY: number): LabelDetail {
  if (item.type === 'FONT') return { ...item, fontSize: Math.min(200, Math.max(0.5, round((item.fontSize ?? 3) * scaleY))) };
  if (item.type === 'BARCODE') return { ...item, size: Math.min(200, Math.max(1, round((item.size || 10) * scaleY))) };
  return { ...item, size: Math.min(25, Math.max(2.5, round((item.size || 10) * Math.max(scaleX, scaleY), 2.5))) };
}

import { useEffect, useRef } from 'react';
import type Konva from 'konva';
import { Group, Image as KImage, Layer, Line, Rect, Stage, Text, Transformer } from 'react-konva';
import type { LabelContent } from '@shared/api/setting';
import type { LaidOutLabel } from '@shared/label/layout';
import type { DrawnItem } from './drawn';
import { MARGIN, RULER, Rulers } from './Rulers';

const ORIGIN = RULER + MARGIN;
const FONT_FAMILY = '"Noto Sans CJK SC", "Microsoft YaHei", sans-serif';
let measurer: CanvasRenderingContext2D | null = null;

/** How wide the browser draws `text` at `fontPx`, to stretch it to the width the printer gives it. */
function naturalWidth(text: string, fontPx: number): number {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return text.length * fontPx * 0.6;
  measurer.font = `${fontPx}px ${FONT_FAMILY}`;
  return measurer.measureText(text).width || 1;
}

export interface LabelCanvasProps {
  label: LabelContent;
  /** The label laid out with the data shown (sample, a real cylinder's, or field names for text). */
  laid: LaidOutLabel;
  drawn: DrawnItem[];
  pxPerMm: number;
  selected: number[];
  onSelect: (selected: number[]) => void;
  /** An item dragged to a new top-left corner (mm). */
  onMove: (index: number, left: number, top: number) => void;
  onResize: (index: number, scaleX: number, scaleY: number) => void;
}

/**
 * The label at true proportions with millimetre rulers: each item where the shared layout (the drivers'
 * layout) puts it, drawn as large as it prints. Items are selected by a click (Shift adds), dragged, and the
 * selected one resized with its handles.
 */
export function LabelCanvas({ label, laid, drawn, pxPerMm, selected, onSelect, onMove, onResize }: LabelCanvasProps) {
  const transformer = useRef<Konva.Transformer>(null);
  const nodes = useRef(new Map<number, Konva.Group>());
  const width = ORIGIN + label.width * pxPerMm + MARGIN;
  const height = ORIGIN + label.height * pxPerMm + MARGIN;
  const single = selected.length === 1 ? selected[0]! : null;
  const singleType = single !== null ? label.details[single]?.type : undefined;

  useEffect(() => {
    const node = single !== null ? nodes.current.get(single) : undefined;
    transformer.current?.nodes(node ? [node] : []);
    transformer.current?.getLayer()?.batchDraw();
  }, [single, drawn]);

  const grid = [];
  for (let mm = 5; mm < label.width; mm += 5) grid.push(<Line key={`gx${mm}`} points={[mm * pxPerMm, 0, mm * pxPerMm, label.height * pxPerMm]} stroke="#eef2f7" strokeWidth={1} />);
  for (let mm = 5; mm < label.height; mm += 5) grid.push(<Line key={`gy${mm}`} points={[0, mm * pxPerMm, label.width * pxPerMm, mm * pxPerMm]} stroke="#eef2f7" strokeWidth={1} />);

  return (
    <Stage width={width} height={height} onMouseDown={(e) => { if (e.target === e.target.getStage() || e.target.name() === 'paper') onSelect([]); }}>
      <Rulers widthMm={label.width} heightMm={label.height} pxPerMm={pxPerMm} />
      <Layer x={ORIGIN} y={ORIGIN}>
        <Rect name="paper" width={label.width * pxPerMm} height={label.height * pxPerMm} fill="#fff" stroke="#9ca3af" shadowColor="#000" shadowBlur={4} shadowOpacity={0.15} />
        {grid}
        {drawn.map((d, i) => {
          const item = laid.items[i]!;
          const w = d.box.width * pxPerMm;
          const h = d.box.height * pxPerMm;
          const isSelected = selected.includes(i);
          return (
            <Group key={i} ref={(n) => { if (n) nodes.current.set(i, n); else nodes.current.delete(i); }} x={d.box.left * pxPerMm} y={d.box.top * pxPerMm}
              draggable
              onMouseDown={(e) => { e.cancelBubble = true; if (e.evt.shiftKey) onSelect(isSelected ? selected.filter((s) => s !== i) : [...selected, i]); else if (!isSelected) onSelect([i]); }}
              onDragEnd={(e) => onMove(i, e.target.x() / pxPerMm, e.target.y() / pxPerMm)}
              onTransformEnd={(e) => {
                const node = e.target;
                const [sx, sy] = [node.scaleX(), node.scaleY()];
                node.scale({ x: 1, y: 1 });
                onResize(i, sx, sy);
              }}>
              <Rect width={w} height={h} fill={isSelected ? 'rgba(25,118,210,0.08)' : 'transparent'} stroke={isSelected ? '#1976d2' : undefined} strokeWidth={1} dash={[3, 3]} />
              {item.type === 'FONT' && (
                <Text text={item.content} fontSize={h} fontFamily={FONT_FAMILY} lineHeight={1} fill="#000" wrap="none"
                  scaleX={w / naturalWidth(item.content, h)} />
              )}
              {d.image && 'canvas' in d.image && <KImage image={d.image.canvas} width={w} height={h} />}
              {d.image && 'error' in d.image && (
                <Text text={d.image.error ? '⚠' : '∅'} width={w} height={h} align="center" verticalAlign="middle" fontSize={Math.min(h, 14)} fill="#d32f2f" />
              )}
            </Group>
          );
        })}
        <Transformer ref={transformer} rotateEnabled={false} keepRatio={singleType !== 'BARCODE'} flipEnabled={false}
          enabledAnchors={singleType === 'BARCODE' ? ['top-center', 'bottom-center'] : ['top-left', 'top-right', 'bottom-left', 'bottom-right']} />
      </Layer>
    </Stage>
  );
}

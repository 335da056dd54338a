import { Layer, Line, Rect, Text } from 'react-konva';

export const RULER = 24;
export const MARGIN = 16;

/** Millimetre rulers along the top and the left of the label: a tick each mm, longer each 5, numbered each 10. */
export function Rulers({ widthMm, heightMm, pxPerMm }: { widthMm: number; heightMm: number; pxPerMm: number }) {
  const every = pxPerMm < 3 ? 5 : 1;
  const ticks = (length: number) => Array.from({ length: Math.floor(length / every) + 1 }, (_v, i) => i * every);
  const origin = RULER + MARGIN;
  return (
    <Layer listening={false}>
      <Rect x={0} y={0} width={origin + widthMm * pxPerMm + MARGIN} height={RULER} fill="#f3f4f6" />
      <Rect x={0} y={0} width={RULER} height={origin + heightMm * pxPerMm + MARGIN} fill="#f3f4f6" />
      {ticks(widthMm).map((mm) => {
        const x = origin + mm * pxPerMm;
        const len = mm % 10 === 0 ? 12 : mm % 5 === 0 ? 8 : 4;
        return [
          <Line key={`x${mm}`} points={[x, RULER - len, x, RULER]} stroke="#6b7280" strokeWidth={1} />,
          mm % 10 === 0 ? <Text key={`xt${mm}`} x={x + 2} y={2} text={String(mm)} fontSize={10} fill="#374151" /> : null,
        ];
      })}
      {ticks(heightMm).map((mm) => {
        const y = origin + mm * pxPerMm;
        const len = mm % 10 === 0 ? 12 : mm % 5 === 0 ? 8 : 4;
        return [
          <Line key={`y${mm}`} points={[RULER - len, y, RULER, y]} stroke="#6b7280" strokeWidth={1} />,
          mm % 10 === 0 ? <Text key={`yt${mm}`} x={2} y={y + 2} text={String(mm)} fontSize={10} fill="#374151" /> : null,
        ];
      })}
    </Layer>
  );
}

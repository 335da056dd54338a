import { useEffect, useImperativeHandle, useRef, type PointerEvent, type Ref } from 'react';
import { Box } from '@mui/material';

export interface SignPadHandle {
  /** The drawing as a PNG data URL. */
  toDataURL(): string;
  clear(): void;
}

export interface SignPadProps {
  /** Told when the first stroke begins (true) and when the pad is cleared (false). */
  onDrawnChange: (drawn: boolean) => void;
  label: string;
  width?: number;
  height?: number;
  ref?: Ref<SignPadHandle>;
}

function paper(ctx: CanvasRenderingContext2D, canvas: HTMLCanvasElement) {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = '#111111';
  ctx.fillStyle = '#111111';
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
}

/**
 * A signing pad: a canvas drawn on with the mouse, a pen or a finger (pointer events, the page does not
 * scroll or zoom while drawing). Where the canvas has no 2D context (jsdom) a stroke still counts as drawn.
 */
export function SignPad({ onDrawnChange, label, width = 500, height = 200, ref }: SignPadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<number | null>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const ctx = () => canvas.current?.getContext('2d') ?? null;

  useEffect(() => {
    const c = ctx();
    if (c && canvas.current) paper(c, canvas.current);
  }, []);

  useImperativeHandle(ref, () => ({
    toDataURL: () => canvas.current?.toDataURL('image/png') ?? '',
    clear: () => {
      const c = ctx();
      if (c && canvas.current) paper(c, canvas.current);
      onDrawnChange(false);
    },
  }));

  /** The pointer in canvas pixels (the canvas may be drawn smaller than its 500×200). */
  const at = (e: PointerEvent<HTMLCanvasElement>) => {
    const el = e.currentTarget;
    const r = el.getBoundingClientRect();
    const sx = r.width ? el.width / r.width : 1;
    const sy = r.height ? el.height / r.height : 1;
    return { x: (e.clientX - r.left) * sx, y: (e.clientY - r.top) * sy };
  };
  const thickness = (e: PointerEvent<HTMLCanvasElement>) => (e.pointerType === 'pen' && e.pressure > 0 ? 1.2 + e.pressure * 3 : 2.5);

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawing.current = e.pointerId;
    const p = at(e);
    last.current = p;
    const c = ctx();
    if (c) {
      // A dot, so a tap leaves a mark.
      c.beginPath();
      c.arc(p.x, p.y, thickness(e) / 2, 0, Math.PI * 2);
      c.fill();
    }
    onDrawnChange(true);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current !== e.pointerId) return;
    e.preventDefault();
    const p = at(e);
    const c = ctx();
    if (c && last.current) {
      c.lineWidth = thickness(e);
      c.beginPath();
      c.moveTo(last.current.x, last.current.y);
      c.lineTo(p.x, p.y);
      c.stroke();
    }
    last.current = p;
  };
  const up = (e: PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current !== e.pointerId) return;
    drawing.current = null;
    last.current = null;
    if (e.currentTarget.hasPointerCapture?.(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };

  return (
    <Box component="canvas" ref={canvas} width={width} height={height} data-testid="sign-pad" role="img" aria-label={label}
      onPointerDown={down} onPointerMove={move} onPointerUp={up} onPointerCancel={up}
      sx={{
        display: 'block', width: '100%', maxWidth: width, aspectRatio: `${width} / ${height}`, touchAction: 'none', cursor: 'crosshair',
        border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff', userSelect: 'none',
      }} />
  );
}

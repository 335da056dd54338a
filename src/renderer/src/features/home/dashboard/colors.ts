/** Series colours of the dashboard's charts, in order. */
export const PALETTE = ['#1976d2', '#2e7d32', '#ed6c02', '#9c27b0', '#0288d1', '#d32f2f', '#5d4037', '#00897b', '#c2185b', '#7cb342'];
export const colorAt = (i: number): string => PALETTE[i % PALETTE.length]!;

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;
/** warmBeep has made the context and its first tone. */
let warmed = false;

function audio(): AudioContext | null {
  const Ctx = (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext) as AudioContextClass | undefined;
  if (!Ctx) return null;
  try {
    context ??= new Ctx();
    return context;
  } catch {
    return null;
  }
}

function tone(ctx: AudioContext, frequency: number, start: number, seconds: number, volume = 0.08): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'square';
  osc.frequency.value = frequency;
  gain.gain.value = volume;
  osc.connect(gain);
  gain.connect(ctx.destination);
  osc.start(ctx.currentTime + start);
  osc.stop(ctx.currentTime + start + seconds);
}

/** Frequencies (Hz) of the feedback sounds: one high beep for ok, two low ones for refused. */
export const OK_TONE = 1760;
export const REFUSED_TONE = 220;
/** A scan kept at the station while the server is away (已暂存): two rising mid tones, neither ok nor refused. */
export const QUEUED_TONES = [660, 880] as const;

/** A short beep so the operator hears the result without looking; silent where WebAudio is missing. */
export function beep(kind: 'ok' | 'refused' | 'queued'): void {
  const ctx = audio();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume();
    if (kind === 'ok') tone(ctx, OK_TONE, 0, 0.08);
    else if (kind === 'queued') {
      tone(ctx, QUEUED_TONES[0], 0, 0.1);
      tone(ctx, QUEUED_TONES[1], 0.14, 0.1);
    }
    else {
      tone(ctx, REFUSED_TONE, 0, 0.15);
      tone(ctx, REFUSED_TONE, 0.22, 0.15);
    }
  } catch {
    // Sound is a courtesy; a broken audio device must not break scanning.
  }
}

/**
 * Makes the audio context ahead of the first scan, and plays one silent tone on it: making the context, and the first
 * tone's nodes, took about as long as a whole scan on a throttled phone (2026-11-29: 117 and 51 ms of a day's first
 * stop at 8× throttling), and the first scans paid for them. Called when the page is idle — by the field app's shell
 * as it opens, and by a scan field as it shows. Made before any tap the context starts suspended; beep resumes it (a
 * scanner's keystrokes count as the user's gesture).
 */
export function warmBeep(): void {
  if (warmed) return;
  const ctx = audio();
  if (!ctx) return;
  warmed = true;
  try {
    tone(ctx, OK_TONE, 0, 0.01, 0);
  } catch {
    // As for beep: sound is a courtesy.
  }
}

/** Tests start from a fresh context. */
export function resetBeepForTests(): void {
  context = null;
  warmed = false;
}

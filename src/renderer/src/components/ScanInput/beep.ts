type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

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

function tone(ctx: AudioContext, frequency: number, start: number, seconds: number): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'square';
  osc.frequency.value = frequency;
  gain.gain.value = 0.08;
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
 * Makes the audio context ahead of the first scan (when the field shows): making it took about as long as a whole scan
 * on a throttled phone, and the first scan of a page paid for it. Made before any tap it starts suspended; beep resumes
 * it (a scanner's keystrokes count as the user's gesture).
 */
export function warmBeep(): void {
  audio();
}

/** Tests start from a fresh context. */
export function resetBeepForTests(): void {
  context = null;
}

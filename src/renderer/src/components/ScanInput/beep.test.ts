import { afterEach, describe, expect, it, vi } from 'vitest';
import { beep, OK_TONE, resetBeepForTests, warmBeep } from './beep';

/** A Web Audio stand-in that records each context made and each tone started with its volume. */
function recordAudio() {
  const made: unknown[] = [];
  const started: Array<{ frequency: number; volume: number }> = [];
  class RecordingContext {
    state = 'suspended';
    currentTime = 0;
    destination = {};
    constructor() {
      made.push(this);
    }
    createGain() {
      return { gain: { value: 1 }, connect: () => {} };
    }
    createOscillator() {
      let gain: { gain: { value: number } } | null = null;
      const osc = {
        type: '', frequency: { value: 0 }, stop: () => {},
        connect: (node: { gain: { value: number } }) => void (gain = node),
        start: () => started.push({ frequency: osc.frequency.value, volume: gain?.gain.value ?? -1 }),
      };
      return osc;
    }
    resume() {
      this.state = 'running';
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', RecordingContext);
  return { made, started };
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetBeepForTests();
});

describe('warmBeep', () => {
  it('makes the audio context and its first tone once, silently; the scan beeps on that context', () => {
    const { made, started } = recordAudio();
    warmBeep();
    warmBeep();
    expect(made).toHaveLength(1);
    expect(started).toEqual([{ frequency: OK_TONE, volume: 0 }]);

    beep('ok');
    expect(made).toHaveLength(1);
    expect(started.at(-1)).toEqual({ frequency: OK_TONE, volume: 0.08 });
  });
});

import { vi } from 'vitest';

/**
 * Replaces the Web Audio API with one that records the frequency of every tone started, so a test can
 * hear whether the ok or the refusal sound played. Undo with vi.unstubAllGlobals().
 */
export function stubAudio(): number[] {
  const tones: number[] = [];
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    createOscillator() {
      const osc = { type: '', frequency: { value: 0 }, connect: () => {}, start: () => tones.push(osc.frequency.value), stop: () => {} };
      return osc;
    }
    createGain() {
      return { gain: { value: 0 }, connect: () => {} };
    }
    resume() {
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return tones;
}

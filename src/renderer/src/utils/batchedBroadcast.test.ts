import { afterEach, describe, expect, it } from 'vitest';
import { batchedBroadcast } from './batchedBroadcast';

describe('batchedBroadcast', () => {
  const stops: Array<() => void> = [];
  afterEach(() => stops.splice(0).forEach((s) => s()));

  it('tells another window each distinct message once, together, a moment after', async () => {
    const name = `batched-${Math.random()}`;
    const here = batchedBroadcast<number>(name, 50)!;
    const there = batchedBroadcast<number>(name, 50)!;
    const heard: unknown[] = [];
    stops.push(there.listen((m) => heard.push(m)));

    here.tell(7);
    here.tell(7);
    here.tell(9);
    await new Promise((r) => setTimeout(r, 20));
    expect(heard).toEqual([]);
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual([7, 9]);

    // The next moment is a batch of its own.
    here.tell(7);
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual([7, 9, 7]);
  });
});

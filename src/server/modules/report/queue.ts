import { BusinessError } from '../../lib/errors';

/**
 * At most `running` jobs at once and `waiting` more in line; one more is refused at once with `busy`, so a
 * burst of requests cannot pile up work (and memory) without end.
 */
export function boundedQueue(running: number, waiting: number, busy: string) {
  let active = 0;
  const line: Array<() => void> = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (active >= running) {
      if (line.length >= waiting) throw new BusinessError(busy);
      await new Promise<void>((resolve) => line.push(resolve));
    } else {
      active += 1;
    }
    try {
      return await work();
    } finally {
      const next = line.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

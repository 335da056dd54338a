/**
 * Whether `value` nests objects or arrays more than `max` levels deep (`{}` is one level, `{"a": []}` two).
 * Iterative, so a body nested a million deep is measured without touching the call stack; it stops at the
 * first branch that goes too deep.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (!current || typeof current !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

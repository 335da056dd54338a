/** What a JSON body may hold, checked on its text before it is parsed. */
export interface JsonShapeLimits {
  /** Objects and arrays inside one another (`{}` is one level, `{"a": []}` two). */
  maxDepth: number;
  /** Keys of one object. */
  maxKeys: number;
  /** Keys and list items of the whole body together. */
  maxMembers: number;
}

export type JsonShapeProblem = { kind: 'depth' | 'keys' | 'members'; limit: number };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

/**
 * The first bound a JSON text goes beyond, or null. One pass over the characters, nothing built: a body
 * nested five million deep or holding half a million keys is stopped at the first level or key too many,
 * before JSON.parse spends seconds and gigabytes on it. Text that is not JSON is left to the parser to refuse.
 * Keys are counted by their colons; list items by their commas, plus one per list (an empty list counts one).
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits): JsonShapeProblem | null {
  // keys[d]: keys seen so far in the object open at depth d; -1 for a list.
  const keys: number[] = [];
  let depth = 0;
  let members = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    switch (c) {
      case QUOTE:
        inString = true;
        break;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        if (++depth > limits.maxDepth) return { kind: 'depth', limit: limits.maxDepth };
        keys[depth] = c === OPEN_OBJECT ? 0 : -1;
        if (c === OPEN_ARRAY && ++members > limits.maxMembers) return { kind: 'members', limit: limits.maxMembers };
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        if (depth > 0) depth--;
        break;
      case COLON:
        if (depth > 0 && keys[depth]! >= 0 && ++keys[depth]! > limits.maxKeys) return { kind: 'keys', limit: limits.maxKeys };
        if (++members > limits.maxMembers) return { kind: 'members', limit: limits.maxMembers };
        break;
      case COMMA:
        if (depth > 0 && keys[depth] === -1 && ++members > limits.maxMembers) return { kind: 'members', limit: limits.maxMembers };
        break;
    }
  }
  return null;
}

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The renderer's feature boundaries (issue 32):
 * - a feature imports another only through its public file (`@renderer/features/<name>`, its index.ts),
 *   never a file inside it;
 * - no two features import each other (checked on the features' non-test files);
 * - the stations kit (src/renderer/src/stations) imports no feature: features/offline provides its offline half.
 * Test files and test fixtures are left out by the config (they reset other features' local state).
 */
const RENDERER = resolve(import.meta.dirname, '..', 'src/renderer/src');
const FEATURES = join(RENDERER, 'features');
const STATIONS = join(RENDERER, 'stations');
const TEST_FILE = /(\.test\.tsx?|[\\/]test[^\\/]*\.tsx?|[\\/]productTestServer\.ts)$/;
const IMPORT_SOURCE = /(?:from|import)\s*\(?\s*'([^']+)'/g;

/** The file an import names, or null when it is a package. */
function target(file, source) {
  if (source.startsWith('@renderer/')) return join(RENDERER, source.slice('@renderer/'.length));
  if (source.startsWith('.')) return resolve(dirname(file), source);
  return null;
}

/** The feature a path lies in and the path inside it ('' for the feature itself, its public file). */
function featureOf(path) {
  const rel = relative(FEATURES, path);
  if (rel.startsWith('..') || rel === '') return null;
  const [name, ...rest] = rel.split(sep);
  // features/feature.ts (defineFeature) is the features' shared type, no feature.
  if (rest.length === 0 && /\.tsx?$/.test(name)) return null;
  if (rest.length === 0 && name === 'feature') return null;
  const inner = rest.join('/').replace(/\.tsx?$/, '');
  return { name, inner: inner === 'index' ? '' : inner };
}

let graph = null;
/** Which features each feature imports (its non-test files), read once per lint run. */
function featureGraph() {
  if (graph) return graph;
  graph = new Map();
  const walk = (dir, feature) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path, feature);
      else if (/\.tsx?$/.test(entry) && !TEST_FILE.test(path)) {
        const text = readFileSync(path, 'utf8');
        for (const [, source] of text.matchAll(IMPORT_SOURCE)) {
          const to = target(path, source);
          const other = to && featureOf(to);
          if (other && other.name !== feature) graph.get(feature).add(other.name);
        }
      }
    }
  };
  for (const entry of readdirSync(FEATURES)) {
    const dir = join(FEATURES, entry);
    if (!statSync(dir).isDirectory()) continue;
    graph.set(entry, new Set());
    walk(dir, entry);
  }
  return graph;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'A feature imports another only through its public file; no two features import each other; the stations kit imports no feature.' },
    messages: {
      internal: "'{{source}}' reaches into the {{other}} feature: import from '@renderer/features/{{other}}' (its public file, index.ts) and export what is needed there.",
      mutual: "The {{self}} and {{other}} features import each other: move the shared piece into src/renderer/src/stations or components, or inject it.",
      kit: "'{{source}}': the stations kit imports no feature (features/offline provides its offline half through stations/offline.ts).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const inKit = !relative(STATIONS, file).startsWith('..');
    const self = featureOf(file);
    if (!inKit && !self) return {};
    const check = (node) => {
      const source = node.source && node.source.type === 'Literal' && typeof node.source.value === 'string' ? node.source.value : null;
      if (!source) return;
      const to = target(file, source);
      const other = to && featureOf(to);
      if (!other) return;
      if (inKit) {
        context.report({ node: node.source, messageId: 'kit', data: { source } });
        return;
      }
      if (other.name === self.name) return;
      if (other.inner) {
        context.report({ node: node.source, messageId: 'internal', data: { source, other: other.name } });
        return;
      }
      if (featureGraph().get(other.name)?.has(self.name)) {
        context.report({ node: node.source, messageId: 'mutual', data: { self: self.name, other: other.name } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** Bundles one TypeScript entry (relative to the repo root) into one ESM file for node; resolves to `outfile`. */
export function bundleForNode(entry: string, outfile: string, opts?: { sourcemap?: boolean; logLevel?: 'error' | 'warning' | 'info' }): Promise<string>;
/** Bundles src/server/index.ts to `outfile` (default out/server/index.mjs); resolves to the output path. */
export function buildServer(outfile?: string): Promise<string>;

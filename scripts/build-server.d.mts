/** Bundles src/server/index.ts to `outfile` (default out/server/index.mjs); resolves to the output path. */
export function buildServer(outfile?: string): Promise<string>;

#!/usr/bin/env node
// Bundles the server into dist/server so production runs plain JavaScript: no TypeScript
// loader in memory, no per-file transform at start-up. Packages stay external (installed
// node_modules are used as they are); dynamic imports become chunks, so optional modules
// (S3, Redis, sharp) still load only when used. Every file lands in dist/server itself,
// which keeps `import.meta.url`-relative paths (migrations, dist/web) the same as in source.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'dist/server';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'server/src/main.ts',
    admin: 'server/src/cli/admin.ts',
    seed: 'server/src/cli/seed.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});
cpSync('server/src/db/migrations', `${outdir}/migrations`, { recursive: true });
console.log(`built the server into ${outdir}`);

// Fails the build when the server's renderer (dist/ssr) holds a character past U+00FF: V8 would
// keep that module's whole source as a two-byte string, twice its size, for as long as the server
// runs (vite.config.ts builds it in ASCII; this keeps a change of bundler or option from undoing it).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', 'dist', 'ssr');
const wide = [];
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const at = /[\u0100-\u{10ffff}]/u.exec(readFileSync(file, 'utf8'));
  if (at) wide.push(`${path.relative(root, file)}: U+${at[0].codePointAt(0).toString(16)}`);
}
if (wide.length > 0) {
  console.error(
    `dist/ssr has characters past U+00FF (two-byte sources in the heap):\n${wide.join('\n')}`,
  );
  process.exit(1);
}

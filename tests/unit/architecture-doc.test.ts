import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The architecture map and the READMEs it points to, checked against the tree: a doc that names
// a file, a module, a rule or a migration that is not there fails here.

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const modulesDir = path.join(root, 'server/src/modules');
const modules = readdirSync(modulesDir).filter((m) =>
  statSync(path.join(modulesDir, m)).isDirectory(),
);

const MAP = 'docs/architecture.md';
const DOCS = [
  MAP,
  'docs/recipes.md',
  'server/src/modules/README.md',
  'server/src/modules/orders/README.md',
  'server/src/modules/payments/README.md',
  'server/src/modules/storefront/README.md',
  'server/src/plugins/README.md',
  'server/src/page-shell/README.md',
  'server/src/db/README.md',
  'web/src/README.md',
];

const subfolders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name));
/** Folders a doc's short paths are read from: `storefront/x.ts` means the module's file. */
const bases = (doc: string) => [
  path.dirname(doc),
  ...subfolders(path.dirname(doc)),
  '.',
  'server/src',
  'server/src/modules',
  'web/src',
  'web',
  ...modules.map((m) => `server/src/modules/${m}`),
];
const exists = (doc: string, name: string) =>
  bases(doc).some((base) => existsSync(path.join(root, base, name)));

const FILE = /^[\w.@-]+(\/[\w.@-]+)*(\.(ts|tsx|mjs|js|md|json|sql)|\/)$/;
/** Backticked file and folder names (no placeholders, globs or URLs). */
function namedPaths(text: string): string[] {
  const names = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
  return names.filter((n) => FILE.test(n) && !n.startsWith('@') && !/^\d/.test(n));
}

/** Names in the map's tree block: each line's entry and the file names in its words. */
function treePaths(text: string): string[] {
  const tree = text.split('```')[1] ?? '';
  const found: string[] = [];
  let parent = '';
  for (const line of tree.split('\n')) {
    const entry = /^( *)(\S+)/.exec(line);
    if (!entry || line.trim() === '') continue;
    const [, indent = '', name = ''] = entry;
    // Entries sit at depth 0 or 1 (two spaces); deeper lines continue the one above.
    const isEntry = indent.length <= 2;
    if (indent.length === 0) parent = name;
    if (isEntry && !name.includes('<')) {
      found.push(indent.length === 0 ? name : path.join(parent, name));
    }
    const rest = isEntry ? line.slice(indent.length + name.length) : line;
    const words = rest.match(/[\w.-]+(\/[\w.-]+)*\.\w+/g) ?? [];
    for (const word of words) {
      if (!/\.(ts|tsx|md|mjs)$/.test(word)) continue;
      const own = isEntry && indent.length > 0 ? name.replace(/<.*$/, '') : '';
      const inParent = path.join(parent, own, word);
      found.push(existsSync(path.join(root, inParent)) ? inParent : word);
    }
  }
  return found;
}

/** Relative links `[..](target#anchor)`, with the doc they are in. */
function links(doc: string, text: string) {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => {
      const [file = '', anchor] = target.split('#');
      return { target, file: file === '' ? doc : path.join(path.dirname(doc), file), anchor };
    });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
const anchorsOf = (file: string) =>
  read(file)
    .split('\n')
    .filter((l) => /^#{1,6} /.test(l))
    .map((l) => slug(l.replace(/^#+ /, '')));

describe('docs/architecture.md and the READMEs it points to', () => {
  it.each(DOCS)('%s names only files and folders that exist', (doc) => {
    const text = read(doc);
    const named = doc === MAP ? [...namedPaths(text), ...treePaths(text)] : namedPaths(text);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !exists(doc, name))).toEqual([]);
  });

  it.each([
    ...DOCS,
    'docs/decisions.md',
    'docs/back-office.md',
    'docs/size-guides.md',
    'docs/operations.md',
  ])('%s links only to files and headings that exist', (doc) => {
    const broken = links(doc, read(doc)).filter(
      ({ file, anchor }) =>
        !existsSync(path.join(root, file)) ||
        (anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).includes(anchor)),
    );
    expect(broken.map((l) => l.target)).toEqual([]);
  });

  it('counts the modules right, and every module has an index.ts', () => {
    expect(read(MAP)).toContain(`${modules.length} modules`);
    expect(modules.filter((m) => !existsSync(path.join(modulesDir, m, 'index.ts')))).toEqual([]);
  });

  it('names every boundary rule of .dependency-cruiser.mjs, and no other', () => {
    const rules = new Set(
      [...read('.dependency-cruiser.mjs').matchAll(/name: '([a-z-]+)'/g)].map((m) => m[1]),
    );
    const section = read(MAP).split('## The rules')[1]?.split('\n## ')[0] ?? '';
    const named = new Set([...section.matchAll(/`([a-z]+(-[a-z]+)+)`/g)].map((m) => m[1]));
    expect([...named].sort()).toEqual([...rules].sort());
  });

  it('modules/README.md has one row per module, with the modules whose entry it imports', () => {
    const rows = read('server/src/modules/README.md')
      .split('\n')
      .map((line) => /^\| `([a-z-]+)` \|.*\|\s*([a-z, -]*?)\s*\|$/.exec(line))
      .filter((m) => m !== null);
    const table = new Map(rows.map((m) => [m[1], (m[2] ?? '').split(', ').filter(Boolean)]));
    expect([...table.keys()].sort()).toEqual([...modules].sort());
    for (const m of modules) {
      expect({ module: m, imports: table.get(m) }).toEqual({ module: m, imports: importsOf(m) });
    }
  });

  it("decisions.md's topic index lists every topic with its count of entries", () => {
    const text = read('docs/decisions.md');
    const topics = text.split('\n## ').slice(2);
    const actual = topics.map((t) => {
      const title = t.split('\n')[0] ?? '';
      return `- [${title}](#${slug(title)}) (${t.split('\n### ').length - 1})`;
    });
    const index = text.split('## Topics\n\n')[1]?.split('\n\n')[0]?.split('\n');
    expect(index).toEqual(actual);
  });

  it('db/README.md has a row for every migration', () => {
    const readme = read('server/src/db/README.md');
    const migrations = readdirSync(path.join(root, 'server/src/db/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''));
    expect(migrations.filter((m) => !readme.includes(`| \`${m}\` |`))).toEqual([]);
  });
});

/** The other modules a module's files import (`../<m>` from its folder, any depth). */
function importsOf(module: string): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const m of readFileSync(file, 'utf8').matchAll(/from '((\.\.\/)+[a-z-]+)/g)) {
          const target = path.relative(modulesDir, path.resolve(dir, m[1] ?? ''));
          if (modules.includes(target) && target !== module) found.add(target);
        }
      }
    }
  };
  walk(path.join(modulesDir, module));
  return [...found].sort();
}

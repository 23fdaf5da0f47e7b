import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A built client's folder as small as the page shell needs: index.html and a stylesheet. */
export function makeWebRoot(): string {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="A shop"><title>The Shop</title><script type="module" src="/assets/index.js"></script><link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webRoot, 'assets', 'index.css'), '.title{color:red}');
  return webRoot;
}

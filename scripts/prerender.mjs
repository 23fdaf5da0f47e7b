#!/usr/bin/env node
// Renders the static pages (web/src/prerender.tsx) into dist/web/prerender.json for the
// server's page shell. Runs after `vite build` and `vite build --ssr`.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [ssrDir = 'dist/prerender', webDir = 'dist/web'] = process.argv.slice(2);
const { prerenderPages } = await import(pathToFileURL(path.resolve(ssrDir, 'prerender.js')).href);
const pages = prerenderPages();
writeFileSync(path.join(webDir, 'prerender.json'), JSON.stringify(pages));
console.log(`prerendered ${Object.keys(pages).join(', ')}`);

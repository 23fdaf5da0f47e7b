import { existsSync } from 'node:fs';
import path from 'node:path';
import { adminPages, auditPageOf } from '@contract/admin-pages';
import { pages } from '@contract/pages';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

it('lists every back-office page of contract/pages.ts once, each with its module', () => {
  const adminPaths = Object.values(pages).filter((p) => p.startsWith('/admin/'));
  expect(adminPages.map((p) => p.path).sort()).toEqual([...adminPaths].sort());
  expect(new Set(adminPages.map((p) => p.id)).size).toBe(adminPages.length);
  for (const { id } of adminPages) {
    expect(existsSync(path.join(root, 'web/src/routes/admin', `${id}.tsx`)), id).toBe(true);
  }
});

it('files each audit entity under one page at most', () => {
  const entities = adminPages.flatMap((p) => ('audit' in p ? p.audit : []));
  expect(new Set(entities).size).toBe(entities.length);
  expect(auditPageOf('discount')).toBe(pages.adminDiscounts);
  expect(auditPageOf('staff')).toBeUndefined();
});

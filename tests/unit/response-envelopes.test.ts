import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CheckAuthResponse } from '@contract/auth';
import type { Cart, cartResponse } from '@contract/cart';
import type { messageResponse } from '@contract/common';
import type {
  DataMessageResponse,
  DataResponse,
  MessageResponse,
  PagedResponse,
} from '@contract/envelope';
import type {
  AdminOrderListItem,
  adminOrderListResponse,
  Order,
  orderMessageResponse,
} from '@contract/orders';
import type { Return, returnsPageResponse } from '@contract/returns';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';

// The web types the API's answers with contract/envelope.ts and the contract's data types, never
// by hand: a hand-written envelope drifts from what the response schemas let through.

const root = path.resolve(import.meta.dirname, '../..');

/** `success: boolean` or `success: true;` (also optional) can only be a type written by hand. */
const handWritten = /\bsuccess\s*\??\s*:\s*(boolean\b|true\s*;)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function handWrittenEnvelopes(dir: string) {
  return sourceFiles(dir).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        handWritten.test(line) ? [`${path.relative(root, file)}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
}

describe('response envelopes', () => {
  it('finds a hand-written envelope type, and no runtime value', () => {
    expect(handWritten.test('api.get<{ success: boolean; data: Product[] }>(url)')).toBe(true);
    expect(handWritten.test('type Answer = { success: true; data: Return };')).toBe(true);
    expect(handWritten.test('json as { success?: boolean; code?: string }')).toBe(true);
    expect(handWritten.test('setQueryData(key, { success: false, user: null })')).toBe(false);
    expect(handWritten.test('return { success: true, data };')).toBe(false);
  });

  it('leaves no envelope typed by hand in the web', () => {
    expect(handWrittenEnvelopes(path.join(root, 'web/src'))).toEqual([]);
  });

  it('keeps contract/envelope.ts free of runtime imports (the first chunk has no zod)', () => {
    const source = readFileSync(path.join(root, 'contract/envelope.ts'), 'utf8');
    const imports = source.split('\n').filter((line) => line.startsWith('import '));
    expect(imports.every((line) => line.startsWith('import type '))).toBe(true);
  });

  it('matches what the response schemas declare', () => {
    // Checked by the type checker (npm run check); a drift is a compile error here.
    expectTypeOf<z.infer<typeof cartResponse>>().toEqualTypeOf<DataResponse<Cart>>();
    expectTypeOf<z.infer<typeof messageResponse>>().toEqualTypeOf<MessageResponse>();
    expectTypeOf<z.infer<typeof orderMessageResponse>>().toEqualTypeOf<
      DataMessageResponse<Order>
    >();
    expectTypeOf<z.infer<typeof adminOrderListResponse>>().toEqualTypeOf<
      PagedResponse<AdminOrderListItem>
    >();
    expectTypeOf<z.infer<typeof returnsPageResponse>>().toEqualTypeOf<PagedResponse<Return>>();
    expectTypeOf<CheckAuthResponse['success']>().toEqualTypeOf<boolean>();
  });
});

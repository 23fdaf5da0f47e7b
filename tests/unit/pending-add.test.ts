import { beforeEach, describe, expect, it } from 'vitest';
import {
  PENDING_ADD_MAX_AGE_MS,
  rememberPendingAdd,
  takePendingAdd,
} from '../../web/src/features/cart/pending-add';

// The browser's localStorage, as far as pending-add uses it (Node 20 has none).
const items = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, String(value)),
    removeItem: (key: string) => items.delete(key),
  },
});
beforeEach(() => items.clear());

const add = { productId: 'c0ffee00-0000-4000-8000-000000000001', variantId: null };

describe('a visitor’s pending Add to Cart', () => {
  it('is taken once', () => {
    rememberPendingAdd(add, 1000);
    expect(takePendingAdd(2000)).toEqual(add);
    expect(takePendingAdd(2000)).toBeNull();
  });

  it('expires after 30 minutes, and is gone once read', () => {
    rememberPendingAdd(add, 0);
    expect(takePendingAdd(PENDING_ADD_MAX_AGE_MS + 1)).toBeNull();
    rememberPendingAdd(add, 0);
    expect(takePendingAdd(PENDING_ADD_MAX_AGE_MS)).toEqual(add);
  });

  it('counts an entry without its time (as written before it had one) or malformed as none', () => {
    for (const raw of [JSON.stringify(add), '{', JSON.stringify({ ...add, productId: '../x' })]) {
      items.set('pending-cart-add', raw);
      expect(takePendingAdd(), raw).toBeNull();
      expect(items.size).toBe(0);
    }
  });
});

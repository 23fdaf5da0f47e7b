import type { Cart } from '@contract/cart';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cartQueryKey, cartWriteOptions } from '@/features/cart/api/get-cart';

const empty: Cart = { _id: null, items: [] };
const withLine = { _id: 'cart-1', items: [{ productId: 'p1', quantity: 1 }] } as unknown as Cart;

/** A promise settled from outside: the test decides when each request's answer arrives. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const key = cartQueryKey('guest');

/** Starts a read of the cart that answers `answer` when the test says so. */
function startRead(client: QueryClient, answer: Cart) {
  const reply = deferred<Cart>();
  const read = client.fetchQuery({ queryKey: key, queryFn: () => reply.promise }).catch(() => {});
  return { answer: () => reply.resolve(answer), read };
}

describe('a cart write', () => {
  it('keeps its answer over a read that began while it was under way and answers after it', async () => {
    const client = new QueryClient();
    const write = deferred<Cart>();
    const add = new MutationObserver(
      client,
      cartWriteOptions(client, () => write.promise),
    );
    const adding = add.mutate({ userId: 'guest' });
    await Promise.resolve();
    // The header's read starts during the add and reads the cart before the add is in it.
    const read = startRead(client, empty);
    write.resolve(withLine);
    await adding;
    read.answer();
    await read.read;
    expect(client.getQueryData(key)).toEqual(withLine);
  });

  it('keeps its answer over a read that was under way when it started', async () => {
    const client = new QueryClient();
    const read = startRead(client, empty);
    const add = new MutationObserver(
      client,
      cartWriteOptions(client, async () => withLine),
    );
    await add.mutate({ userId: 'guest' });
    read.answer();
    await read.read;
    expect(client.getQueryData(key)).toEqual(withLine);
  });

  it('lets a read that begins after its answer through', async () => {
    const client = new QueryClient();
    const add = new MutationObserver(
      client,
      cartWriteOptions(client, async () => withLine),
    );
    await add.mutate({ userId: 'guest' });
    const later = { ...withLine, items: [] } as Cart;
    const read = startRead(client, later);
    read.answer();
    await read.read;
    expect(client.getQueryData(key)).toEqual(later);
  });
});

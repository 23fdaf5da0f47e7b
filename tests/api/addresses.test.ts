import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: user ? { cookie: user.cookie } : {},
  });

const fields = (n = 1) => ({
  address: `${n} Main Street`,
  city: 'Springfield',
  pincode: '12345',
  phone: '+1 555 0100',
  notes: 'Ring twice.\nLeave at the door.',
});
const add = (user: TestUser, body: object = fields()) =>
  call(user, 'POST', '/api/shop/address/add', { userId: user.id, ...body });
const list = async (user: TestUser) =>
  (await call(user, 'GET', `/api/shop/address/get/${user.id}`)).json().data as Array<{
    _id: string;
    address: string;
  }>;

describe('addresses', () => {
  it('adds, lists, edits and deletes an address with trimmed fields', async () => {
    const user = await makeUser(t);
    const res = await add(user, { ...fields(), city: '  Springfield  ' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      success: true,
      message: 'Address added successfully',
      data: { ...fields(), userId: user.id, _id: expect.any(String) },
    });
    expect(await list(user)).toEqual([created.data]);

    const id = created.data._id;
    const upd = await call(user, 'PUT', `/api/shop/address/update/${user.id}/${id}`, fields(9));
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({
      message: 'Address updated successfully',
      data: { _id: id, address: '9 Main Street' },
    });

    const del = await call(user, 'DELETE', `/api/shop/address/delete/${user.id}/${id}`);
    expect(del.json()).toEqual({ success: true, message: 'Address deleted successfully' });
    expect(await list(user)).toEqual([]);
  });

  it('requires all five fields, non-blank after trimming, and bounds their length', async () => {
    const user = await makeUser(t);
    for (const key of ['address', 'city', 'pincode', 'phone', 'notes'] as const) {
      const missing: Record<string, string> = { ...fields() };
      delete missing[key];
      const res = await add(user, missing);
      expect(res.statusCode, `missing ${key}`).toBe(400);
      expect(res.json().message).toContain(key);
      const blank = await add(user, { ...fields(), [key]: '   ' });
      expect(blank.statusCode, `blank ${key}`).toBe(400);
    }
    expect((await add(user, { ...fields(), address: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await add(user, { ...fields(), city: 'a\u0000b' })).statusCode).toBe(400);
    expect((await add(user, { ...fields(), city: 42 })).statusCode).toBe(400);
    expect(await list(user)).toEqual([]);
  });

  it('refuses a fourth address but still allows editing', async () => {
    const user = await makeUser(t);
    for (const n of [1, 2, 3]) expect((await add(user, fields(n))).statusCode).toBe(201);
    const fourth = await add(user, fields(4));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({
      success: false,
      code: 'ADDRESS_LIMIT',
      message: 'You can add max 3 addresses',
    });
    const [first] = await list(user);
    const edit = await call(
      user,
      'PUT',
      `/api/shop/address/update/${user.id}/${first!._id}`,
      fields(7),
    );
    expect(edit.statusCode).toBe(200);
  });

  it('leaves exactly three when ten adds race', async () => {
    const user = await makeUser(t);
    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => add(user, fields(n))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await list(user)).toHaveLength(3);
  });

  it("refuses to read or change another shopper's addresses", async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const id = (await add(alice)).json().data._id;
    expect((await call(bob, 'GET', `/api/shop/address/get/${alice.id}`)).statusCode).toBe(403);
    const addForAlice = await call(bob, 'POST', '/api/shop/address/add', {
      userId: alice.id,
      ...fields(),
    });
    expect(addForAlice.statusCode).toBe(403);
    const upd = await call(bob, 'PUT', `/api/shop/address/update/${alice.id}/${id}`, fields(5));
    expect(upd.statusCode).toBe(403);
    const del = await call(bob, 'DELETE', `/api/shop/address/delete/${alice.id}/${id}`);
    expect(del.statusCode).toBe(403);
    // Bob naming Alice's address under his own id finds nothing.
    const own = await call(bob, 'PUT', `/api/shop/address/update/${bob.id}/${id}`, fields(5));
    expect(own.statusCode).toBe(404);
    expect((await list(alice))[0]!.address).toBe('1 Main Street');
  });

  it('answers 404 for unknown or malformed address ids and 401 when signed out', async () => {
    const user = await makeUser(t);
    const base = `/api/shop/address/update/${user.id}`;
    expect((await call(user, 'PUT', `${base}/nope`, fields())).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(user, 'PUT', `${base}/${unknown}`, fields())).statusCode).toBe(404);
    const del = await call(user, 'DELETE', `/api/shop/address/delete/${user.id}/nope`);
    expect(del.statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/shop/address/get/${user.id}`)).statusCode).toBe(401);
  });
});

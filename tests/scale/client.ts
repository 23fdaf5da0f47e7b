import type { Findings } from './findings';

// A shopper's HTTP calls through the balancer, as the shop's own pages make them (JSON, the
// session cookie, the shop's Origin on writes), each answer labelled with the instance that gave it.

export type Answer = {
  method: string;
  url: string;
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field and checked
  json: any;
  headers: Headers;
  /** The instance that answered (nginx's X-Upstream), or '' for a transport error. */
  upstream: string;
  /** When the call was sent and answered (Date.now()): was an instance going away meanwhile? */
  startedAt: number;
  endedAt: number;
};

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** One line naming the call, its answer and the instance: the example of a failure group. */
export function describe(a: Answer) {
  const code = a.json?.code ? `${a.json.code}: ` : '';
  const message = a.json?.message ?? a.text.replace(/\s+/g, ' ').slice(0, 120);
  return `${a.method} ${a.url} → ${a.status} ${code}${message} (${a.upstream || 'no instance'})`;
}

/** The call's route without ids or query, to group alike failures. */
export const route = (a: Answer) => `${a.method} ${a.url.split('?')[0]!.replace(ID, ':id')}`;

/** An answer the shop gave because it is stopping: nothing was done, send it again. */
const isStopping = (a: Answer) => a.status === 503 && a.json?.code === 'UNAVAILABLE';

type CallOptions = {
  json?: object;
  form?: Record<string, string>;
  /** multipart/form-data (fetch writes its content type). */
  files?: FormData;
  cookie?: string;
};

export class Http {
  constructor(
    readonly origin: string,
    private readonly findings: Findings,
  ) {}

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: CallOptions = {},
  ): Promise<Answer> {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await this.once(method, url, options);
      if (!isStopping(answer) || method === 'GET' || attempt === 5) return answer;
      // nginx never re-sends a POST; the shop said it did nothing, so the shopper retries.
      this.findings.note('POST refused by a stopping instance (503, nothing done), sent again');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  private async once(
    method: string,
    url: string,
    { json, form, files, cookie }: CallOptions,
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (json) headers['content-type'] = 'application/json';
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET') headers.origin = this.origin;
    const path = url.startsWith('http') ? url.slice(this.origin.length) : url;
    const startedAt = Date.now();
    try {
      const res = await fetch(`${this.origin}${path}`, {
        method,
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
        ...(json ? { body: JSON.stringify(json) } : {}),
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
        ...(files ? { body: files } : {}),
      });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {}
      // After a retry nginx lists every instance tried ("a:1, b:2"): the last one answered.
      const upstream = (res.headers.get('x-upstream') ?? '').split(', ').at(-1)!;
      return {
        method,
        url: path,
        status: res.status,
        text,
        json: parsed,
        headers: res.headers,
        upstream,
        startedAt,
        endedAt: Date.now(),
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
      return {
        method,
        url: path,
        status: 0,
        text: cause,
        json: undefined,
        headers: new Headers(),
        upstream: '',
        startedAt,
        endedAt: Date.now(),
      };
    }
  }
}

/** The `session=…` pair of a sign-in's Set-Cookie headers. */
export function sessionCookie(a: Answer) {
  const set = a.headers.getSetCookie().find((c) => c.startsWith('session='));
  if (!set) throw new Error(`no session cookie: ${describe(a)}`);
  return set.split(';')[0]!;
}

export type Line = { productId: string; variantId: string; quantity: number };

const ADDRESS = {
  address: '1 Balancer Road',
  city: 'Springfield',
  pincode: '12345',
  phone: '+1 555 0100',
  notes: 'Scale test',
};

/** A signed-in shopper with a saved address; every method returns the shop's answer as is. */
export class Shopper {
  private constructor(
    readonly http: Http,
    readonly email: string,
    readonly userId: string,
    readonly cookie: string,
    readonly addressId: string,
  ) {}

  static async create(http: Http, name: string): Promise<Shopper> {
    const email = `${name}-${Date.now().toString(36)}@example.com`;
    const password = 'scale test password';
    const steps: Answer[] = [];
    const check = (a: Answer, ok: number) => {
      steps.push(a);
      if (a.status !== ok) throw new Error(`shopper ${name}: ${describe(a)}`);
      return a;
    };
    check(
      await http.call('POST', '/api/auth/register', { json: { userName: name, email, password } }),
      201,
    );
    const login = check(
      await http.call('POST', '/api/auth/login', { json: { email, password } }),
      200,
    );
    const cookie = sessionCookie(login);
    const userId = login.json.user.id as string;
    const address = check(
      await http.call('POST', '/api/shop/address/add', { json: { userId, ...ADDRESS }, cookie }),
      201,
    );
    return new Shopper(http, email, userId, cookie, address.json.data._id as string);
  }

  addToCart({ productId, variantId, quantity }: Line) {
    const json = { userId: this.userId, productId, variantId, quantity };
    return this.http.call('POST', '/api/shop/cart/add', { json, cookie: this.cookie });
  }

  removeFromCart({ productId, variantId }: Line) {
    const url = `/api/shop/cart/${this.userId}/${productId}?variantId=${variantId}`;
    return this.http.call('DELETE', url, { cookie: this.cookie });
  }

  createOrder() {
    const json = { userId: this.userId, addressInfo: { addressId: this.addressId } };
    return this.http.call('POST', '/api/shop/order/create', { json, cookie: this.cookie });
  }

  /** What a person does at PayPal: open the approval page, press Approve. */
  async approve(approvalURL: string) {
    const page = await this.http.call('GET', approvalURL);
    const token = new URL(approvalURL).searchParams.get('token') ?? '';
    if (page.status !== 200) return { page, approved: undefined, token };
    const approved = await this.http.call('POST', '/paypal-sandbox/checkoutnow/approve', {
      form: { token },
    });
    return { page, approved, token };
  }

  capture(orderId: string, token: string) {
    const json = { orderId, paymentId: token };
    return this.http.call('POST', '/api/shop/order/capture', { json, cookie: this.cookie });
  }

  cart() {
    return this.http.call('GET', `/api/shop/cart/get/${this.userId}`, { cookie: this.cookie });
  }

  order(orderId: string) {
    return this.http.call('GET', `/api/shop/order/details/${orderId}`, { cookie: this.cookie });
  }

  checkAuth() {
    return this.http.call('GET', '/api/auth/check-auth', { cookie: this.cookie });
  }
}

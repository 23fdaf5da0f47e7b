import {
  type RunningSimulator,
  startPayPalSimulator,
} from '../../server/src/modules/payments/simulator/start-simulator';
import { createTestApp } from './test-app';

export const SIM_CREDENTIALS = { clientId: 'test-client', clientSecret: 'test-secret' };

/** A PayPal simulator on its own port, and the env that points a test app at it. */
export async function startSimulator(
  options: {
    tokenTtlSeconds?: number;
    webhook?: { url: string; id: string; delayMs?: number };
  } = {},
) {
  const sim = await startPayPalSimulator({ credentials: SIM_CREDENTIALS, ...options });
  const env = {
    PAYPAL_API_BASE: sim.url,
    PAYPAL_CLIENT_ID: SIM_CREDENTIALS.clientId,
    PAYPAL_CLIENT_SECRET: SIM_CREDENTIALS.clientSecret,
  };
  return Object.assign(sim, { env });
}

export type Simulator = RunningSimulator & { env: Record<string, string> };

/** A test app that pays through a PayPal simulator of its own (`sim`); closing it stops both. */
export async function createPayPalTestApp(env: Record<string, string> = {}) {
  const sim = await startSimulator();
  const t = await createTestApp({ ...sim.env, ...env });
  return {
    ...t,
    sim,
    async close() {
      await t.close();
      await sim.close();
    },
  };
}

export type PayPalTestApp = Awaited<ReturnType<typeof createPayPalTestApp>>;

/** What a person does at PayPal: open the approval page and press Approve (or Cancel). */
export async function visitPayPal(approvalURL: string, button: 'approve' | 'cancel' = 'approve') {
  const page = await fetch(approvalURL);
  const html = await page.text();
  if (!page.ok || !html.includes('no money moves')) {
    throw new Error(`approval page not shown (${page.status})`);
  }
  const token = new URL(approvalURL).searchParams.get('token') ?? '';
  const res = await fetch(new URL(`checkoutnow/${button}`, approvalURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
    redirect: 'manual',
  });
  const location = new URL(res.headers.get('location') ?? '');
  return {
    status: res.status,
    location,
    token: location.searchParams.get('token') ?? '',
    payerId: location.searchParams.get('PayerID') ?? '',
  };
}

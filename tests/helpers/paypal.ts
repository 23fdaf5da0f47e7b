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

/** The sandbox's buyer choices beside Approve: the capture then answers PENDING or DECLINED. */
const OUTCOMES = { review: 'PENDING', decline: 'DECLINED' } as const;

/**
 * What a person does at PayPal: open the approval page and press Approve (or Cancel, or one of
 * the sandbox's approvals with another outcome: "Let the bank review it", "… decline it").
 */
export async function visitPayPal(
  approvalURL: string,
  button: 'approve' | 'cancel' | 'review' | 'decline' = 'approve',
) {
  const page = await fetch(approvalURL);
  const html = await page.text();
  if (!page.ok || !html.includes('no money moves')) {
    throw new Error(`approval page not shown (${page.status})`);
  }
  const token = new URL(approvalURL).searchParams.get('token') ?? '';
  const isChoice = button === 'review' || button === 'decline';
  const res = await fetch(new URL(`checkoutnow/${isChoice ? 'approve' : button}`, approvalURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      isChoice ? { token, outcome: OUTCOMES[button] } : { token },
    ).toString(),
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

/**
 * The bank ends the review of a PENDING capture, as the sandbox's page does: PayPal then sends
 * PAYMENT.CAPTURE.COMPLETED or PAYMENT.CAPTURE.DENIED. `base` is the simulator's URL.
 */
export async function endCaptureReview(
  base: string,
  paypalOrderId: string,
  outcome: 'COMPLETED' | 'DENIED',
) {
  const res = await fetch(`${base}/checkoutnow/settle`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: paypalOrderId, outcome }).toString(),
  });
  if (!res.ok) throw new Error(`the review could not be ended (${res.status})`);
}

/** An access token of the simulator at `url` (what the sandbox's own controls ask for). */
async function simulatorToken(url: string) {
  const basic = Buffer.from(`${SIM_CREDENTIALS.clientId}:${SIM_CREDENTIALS.clientSecret}`);
  const res = await fetch(`${url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic.toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function simulatorControl(url: string, path: string, body?: object) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await simulatorToken(url)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The buyer's bank charges the capture back: the simulator sends PAYMENT.CAPTURE.REVERSED. */
export const chargeback = (sim: { url: string }, captureId: string) =>
  simulatorControl(sim.url, `/v1/simulator/captures/${captureId}/reverse`);

/** The buyer opens a dispute at PayPal: CUSTOMER.DISPUTE.CREATED. Answers its dispute_id. */
export async function openDispute(sim: { url: string }, captureId: string) {
  const res = await simulatorControl(sim.url, '/v1/simulator/disputes', { capture_id: captureId });
  if (res.status !== 201) throw new Error(`dispute not opened (${res.status})`);
  return String(res.body.dispute_id);
}

/** PayPal settles the dispute: CUSTOMER.DISPUTE.RESOLVED with `outcome`. */
export const resolveDispute = (
  sim: { url: string },
  disputeId: string,
  captureId: string,
  outcome = 'RESOLVED_SELLER_FAVOUR',
) =>
  simulatorControl(sim.url, `/v1/simulator/disputes/${disputeId}/resolve`, {
    capture_id: captureId,
    outcome_code: outcome,
  });

import type { z } from 'zod';
import type { Env } from './config';

export type PayPalConfig = {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** The built-in PayPal sandbox simulator is mounted at /paypal-sandbox. */
  simulator: boolean;
  /** Anything but PayPal's live API: the checkout says that no money moves. */
  isSandbox: boolean;
  timeoutMs: number;
  /** The id of the shop's webhook at PayPal; deliveries are verified against it. */
  webhookId?: string;
  /** Parcels' tracking is sent to PayPal (POST /v2/checkout/orders/{id}/track). */
  tracking: boolean;
};

export const SIMULATOR_WEBHOOK_ID = 'WH-SANDBOX-SIMULATOR';
const PAYPAL_LIVE = ['https://api-m.paypal.com', 'https://api.paypal.com'];

type PayPalEnv = {
  NODE_ENV: string;
  PAYPAL_CLIENT_ID?: string | undefined;
  PAYPAL_CLIENT_SECRET?: string | undefined;
  PAYPAL_API_BASE?: string | undefined;
  PAYPAL_SIMULATOR?: boolean | undefined;
  PAYPAL_WEBHOOK_ID?: string | undefined;
};

const usesSimulator = (env: PayPalEnv) => env.PAYPAL_SIMULATOR ?? env.NODE_ENV !== 'production';

// In production the simulator runs only when asked for: a real shop must name its PayPal.
export function checkPayPal(env: PayPalEnv, ctx: z.RefinementCtx) {
  const needed: Array<'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET' | 'PAYPAL_API_BASE'> = [];
  if (!usesSimulator(env))
    needed.push('PAYPAL_API_BASE', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET');
  else if (env.PAYPAL_API_BASE) needed.push('PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET');
  for (const key of needed.filter((k) => !env[k])) {
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: !usesSimulator(env)
        ? env.NODE_ENV === 'production'
          ? 'is required when NODE_ENV=production (or set PAYPAL_SIMULATOR=true for the built-in sandbox)'
          : 'is required when PAYPAL_SIMULATOR=false'
        : 'is required when PAYPAL_API_BASE is set',
    });
  }
}

export function paypalFromEnv(env: Env, publicUrl: string): PayPalConfig {
  const apiBase = (env.PAYPAL_API_BASE ?? `${publicUrl}/paypal-sandbox`).replace(/\/+$/, '');
  return {
    apiBase,
    // The simulator accepts these; real PayPal needs the variables (checked above).
    clientId: env.PAYPAL_CLIENT_ID ?? 'sandbox-client-id',
    clientSecret: env.PAYPAL_CLIENT_SECRET ?? 'sandbox-client-secret',
    simulator: usesSimulator(env),
    isSandbox: !PAYPAL_LIVE.includes(apiBase),
    timeoutMs: env.PAYPAL_TIMEOUT_MS,
    tracking: env.PAYPAL_TRACKING,
    // The built-in simulator signs its webhooks for this id when none is configured.
    ...(env.PAYPAL_WEBHOOK_ID || !env.PAYPAL_API_BASE
      ? { webhookId: env.PAYPAL_WEBHOOK_ID ?? SIMULATOR_WEBHOOK_ID }
      : {}),
  };
}

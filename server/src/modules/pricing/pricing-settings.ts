import type { FastifyInstance } from 'fastify';

/** The channel the shipping and tax tables' triggers speak on (migration 0018). */
export const PRICING_CHANNEL = 'pricing_changed';

type Kept = { changed(): void };

/**
 * Shipping zones and tax rates live in memory in their modules (a quote reads them on every
 * call); a write by any instance, or by hand in SQL, reaches every instance through the
 * tables' NOTIFY and drops both. A (re)connect of the listener reports '' and drops them too,
 * since a change may have been missed meanwhile.
 */
export async function attachPricingSettings(app: FastifyInstance, kept: Kept[]) {
  const stop = await app.database.listen(PRICING_CHANNEL, () => {
    for (const k of kept) k.changed();
  });
  app.addHook('onClose', async () => stop());
}

import { isId } from '@contract/common';
import { fromCents, toCents } from '@contract/money';
import type { ShippingZone, ShippingZoneBody } from '@contract/pricing';
import type { Db } from '../../db/client';
import { transact } from '../../db/transaction';
import { notFound } from '../../lib/app-error';
import { ReadCache } from '../../lib/read-cache';
import type { ShippingRate } from '../pricing';
import * as repo from './shipping.repository';

function toZone(zone: repo.ZoneRow & { methods: repo.MethodRow[] }): ShippingZone {
  return {
    _id: zone.id,
    name: zone.name,
    countries: zone.countries,
    regions: zone.regions,
    methods: zone.methods.map((m) => ({
      _id: m.id,
      name: m.name,
      price: fromCents(m.priceCents),
      freeOver: m.freeOverCents === null ? null : fromCents(m.freeOverCents),
      tiers: m.tiers.map((t) => ({
        minSubtotal: fromCents(t.minSubtotalCents),
        price: fromCents(t.priceCents),
      })),
      minDays: m.minDays,
      maxDays: m.maxDays,
    })),
  };
}

function toValues(body: ShippingZoneBody) {
  return {
    zone: { name: body.name, countries: body.countries, regions: body.regions },
    methods: body.methods.map((m, position) => ({
      id: m._id && isId(m._id) ? m._id : undefined,
      name: m.name,
      priceCents: toCents(m.price),
      freeOverCents: m.freeOver === null ? null : toCents(m.freeOver),
      tiers: m.tiers.map((t) => ({
        minSubtotalCents: toCents(t.minSubtotal),
        priceCents: toCents(t.price),
      })),
      minDays: m.minDays,
      maxDays: m.maxDays,
      position,
    })),
  };
}

/** Shipping zones (countries, optional regions) and their methods, and which ship where. */
export class ShippingService {
  /**
   * Every zone with its methods, read once and kept: a quote needs them on every call. Dropped
   * by this instance's writes and by the 'pricing_changed' notification of anyone's.
   */
  private readonly zones = new ReadCache(1);

  constructor(private readonly db: Db) {}

  async list(): Promise<ShippingZone[]> {
    return (await repo.listZones(this.db)).map(toZone);
  }

  /** Forgets the zones kept in memory (a zone or method changed). */
  changed() {
    this.zones.invalidate();
  }

  private allZones() {
    return this.zones.get('zones', () => repo.listZones(this.db));
  }

  async add(body: ShippingZoneBody): Promise<ShippingZone> {
    const { zone, methods } = toValues(body);
    const id = await transact(this.db, async (tx) => {
      const row = await repo.insertZone(tx, zone);
      await repo.replaceMethods(tx, row.id, methods);
      return row.id;
    });
    this.changed();
    return this.get(id);
  }

  async edit(id: string, body: ShippingZoneBody): Promise<ShippingZone> {
    if (!isId(id)) throw notFound('Shipping zone');
    const { zone, methods } = toValues(body);
    await transact(this.db, async (tx) => {
      if (!(await repo.updateZone(tx, id, zone))) throw notFound('Shipping zone');
      await repo.replaceMethods(tx, id, methods);
    });
    this.changed();
    return this.get(id);
  }

  async remove(id: string) {
    if (!isId(id) || !(await repo.deleteZone(this.db, id))) throw notFound('Shipping zone');
    this.changed();
  }

  /**
   * The methods that ship to a country and region, cheapest first. A zone naming the region
   * is more specific than one covering the whole country, and wins over it.
   */
  async ratesFor(country: string, region: string): Promise<ShippingRate[]> {
    const zones = (await this.allZones()).filter(
      (z) =>
        z.countries.includes(country) && (z.regions.length === 0 || z.regions.includes(region)),
    );
    const specific = zones.filter((z) => z.regions.length > 0);
    const chosen = specific.length > 0 ? specific : zones;
    return chosen
      .flatMap((z) => z.methods)
      .map((m) => ({
        id: m.id,
        name: m.name,
        priceCents: m.priceCents,
        freeOverCents: m.freeOverCents,
        tiers: m.tiers,
        minDays: m.minDays,
        maxDays: m.maxDays,
      }))
      .sort((a, b) => a.priceCents - b.priceCents || a.minDays - b.minDays);
  }

  /** Whether any zone is set up (none: the shop charges no shipping). */
  async hasZones() {
    return (await this.allZones()).length > 0;
  }

  private async get(id: string) {
    const zone = (await repo.listZones(this.db)).find((z) => z.id === id);
    if (!zone) throw notFound('Shipping zone');
    return toZone(zone);
  }
}

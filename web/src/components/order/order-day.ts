import { dayInWords } from '@contract/order-display';
import { shopSettings } from '@/lib/shop-settings';

/** "December 3, 2026": a day of an order (placed, shipped, delivered) in the shop's time zone. */
export const orderDay = (iso: string) => dayInWords(iso, shopSettings().timeZone);

import type { Order } from '@contract/orders';
import type { Return } from '@contract/returns';

/** An order as the shop answers it once returns landed (issue 26): its returns, newest first. */
export type OrderWithReturns = Order & { returns?: Return[] | undefined };

/** The date part, as order dates show (SPEC §9): the same day on the server and in the browser. */
export const returnDay = (iso: string) => iso.split('T')[0] ?? iso;

/** The day of an instant in the shop's time zone, YYYY-MM-DD as order dates show. */
export const shopDay = (at: Date, timeZone = 'UTC') => at.toLocaleDateString('en-CA', { timeZone });

/** SPEC §9: order dates show only the date part. */
export const orderDay = (iso: string) => iso.split('T')[0] ?? iso;

import { randomBytes } from 'node:crypto';

/** PayPal-style ids: upper-case letters and digits. */
export const paypalId = (length = 17) => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
};

/** "3–5 business days", "1 business day": how long a shipping method takes. */
export function deliveryDays({ minDays, maxDays }: { minDays: number; maxDays: number }) {
  const unit = maxDays === 1 ? 'business day' : 'business days';
  return minDays === maxDays ? `${maxDays} ${unit}` : `${minDays}–${maxDays} ${unit}`;
}

/** The day `days` business days (Monday to Friday) after `from`. */
function afterBusinessDays(from: Date, days: number) {
  const date = new Date(from);
  for (let left = days; left > 0; ) {
    date.setDate(date.getDate() + 1);
    if (date.getDay() !== 0 && date.getDay() !== 6) left -= 1;
  }
  return date;
}

const weekday = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/**
 * "Arrives Jun 12 – Jun 16", or "Arrives Thu, Jun 12" for one day: when a parcel sent today
 * should arrive, in the shopper's own calendar (so only in the browser: the server's day may
 * be another). Short enough for one line beside the price on a phone.
 */
export function arrivalDates(
  { minDays, maxDays }: { minDays: number; maxDays: number },
  from = new Date(),
) {
  const first = afterBusinessDays(from, minDays);
  const last = afterBusinessDays(from, maxDays);
  return first.toDateString() === last.toDateString()
    ? `Arrives ${weekday.format(first)}`
    : `Arrives ${day.format(first)} – ${day.format(last)}`;
}

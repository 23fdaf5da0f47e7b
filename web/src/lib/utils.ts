import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its class map on its first call (~12 ms here, ~50 ms on a throttled
 * phone). The app's start makes that call in a task of its own, before hydrating, so the cost
 * is not added to the render of the first button that hydration reaches (one long task).
 */
export function warmClassMerge() {
  twMerge('p-0 p-1');
}

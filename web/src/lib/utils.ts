import { type ClassValue, clsx } from 'clsx';

/** Class lists joined (conditions allowed): no merging, so no two classes may set one property. */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}

/**
 * A caller's class that replaces a component's default: `[sets, replaces]`, where `sets`
 * matches the caller's class (a height, a padding...) and `replaces` the defaults it takes the
 * place of (the same pattern when left out).
 */
export type Override = readonly [sets: RegExp, replaces?: RegExp];

/**
 * A component's default classes followed by the caller's `className`, without the defaults the
 * caller replaces. Two classes that set the same property are decided by their order in the
 * stylesheet, not in the class list, so the default must go when a caller sets its property.
 * Each component names the properties its callers may set; tailwind-merge did this for every
 * Tailwind class, with 8 KB of first-load JavaScript (docs/performance.md).
 */
export function withOverrides(
  defaults: string,
  className: string | undefined,
  overrides: readonly Override[],
): string {
  if (!className) return defaults;
  const given = className.split(/\s+/).filter(Boolean);
  const replaced = overrides
    .filter(([sets]) => given.some((token) => sets.test(token)))
    .map(([sets, replaces = sets]) => replaces);
  const kept = defaults
    .split(/\s+/)
    .filter((token) => token && !replaced.some((pattern) => pattern.test(token)));
  return [...kept, ...given].join(' ');
}

/** Font sizes, which in Tailwind 4 set the line height too. */
export const fontSize = /^text-(xs|sm|base|lg|\d?xl)$/;
/** A font size replaces the default size and line height. */
export const fontSizeOverride: Override = [fontSize, /^(text-(xs|sm|base|lg|\d?xl)|leading-.+)$/];
/** A text colour (any text- class that is not a size or an alignment). */
export const textColor = /^text-(?!(xs|sm|base|lg|\d?xl|left|right|center|justify)$)/;
/** Padding on all sides replaces every default padding. */
export const paddingOverride: Override = [/^p-/, /^p[xytrbl]?-/];

import type { SizeSuggestion } from '@contract/size-charts';

/** Why a size was picked: "You wear M in Levi's Men; buyers say this runs small, so we picked L." */
export function sizeHintText(s: SizeSuggestion, where: string) {
  const basis = `${s.source === 'saved' ? 'You wear' : 'You bought'} ${s.worn} in ${where}`;
  if (s.shift === 1) return `${basis}; buyers say this runs small, so we picked ${s.size}.`;
  if (s.shift === -1) return `${basis}; buyers say this runs large, so we picked ${s.size}.`;
  return `${basis}, so we picked ${s.size}.`;
}

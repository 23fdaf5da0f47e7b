import { Star } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/utils';

/** A 5-star pick built on native radio buttons: arrow keys and screen readers work as usual. */
export function StarPicker({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  const name = useId();
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">Your rating</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <label
          key={n}
          className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
        >
          <input
            type="radio"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            className="sr-only"
          />
          <Star
            aria-hidden
            className={cn(
              'size-7 transition-colors',
              n <= value ? 'fill-amber-400 text-amber-500' : 'text-zinc-400 hover:text-amber-500',
            )}
          />
          <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
        </label>
      ))}
    </fieldset>
  );
}

import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Five stars filled to a rating (rounded to the half star), with the number for screen readers. */
export function StarRating({
  value,
  className,
  size = 'size-4',
}: {
  value: number;
  className?: string;
  size?: string;
}) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <span
      className={cn('inline-flex items-center gap-0.5', className)}
      role="img"
      aria-label={`Rated ${value.toFixed(2)} out of 5`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className="relative inline-flex">
          <Star className={cn(size, 'text-zinc-300')} aria-hidden />
          {rounded >= n - 0.5 && (
            <span
              className="absolute inset-0 overflow-hidden"
              style={{ width: rounded >= n ? '100%' : '50%' }}
            >
              <Star className={cn(size, 'fill-amber-400 text-amber-500')} aria-hidden />
            </span>
          )}
        </span>
      ))}
    </span>
  );
}

import type { ComponentProps } from 'react';
import { withOverrides } from '@/lib/utils';

// The shop's avatars are initials, never pictures: plain elements, the markup Radix's Avatar
// drew for them, without its image-loading code in a product page's first JavaScript.
export function Avatar({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={withOverrides(
        'relative flex size-10 shrink-0 overflow-hidden rounded-full',
        className,
        [[/^size-/]],
      )}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={withOverrides(
        'flex size-full items-center justify-center rounded-full bg-muted',
        className,
        [[/^bg-/]],
      )}
      {...props}
    />
  );
}

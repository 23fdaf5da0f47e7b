import type { ComponentProps } from 'react';
import { withOverrides } from '@/lib/utils';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={withOverrides('animate-pulse rounded-md bg-muted', className, [[/^bg-/]])}
      {...props}
    />
  );
}

import { Label as LabelPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { fontSizeOverride, type Override, withOverrides } from '@/lib/utils';

const overrides: Override[] = [
  fontSizeOverride,
  [/^font-(thin|light|normal|medium|semibold|bold|extrabold|black)$/],
];

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={withOverrides(
        'text-sm font-medium leading-none peer-disabled:opacity-70',
        className,
        overrides,
      )}
      {...props}
    />
  );
}

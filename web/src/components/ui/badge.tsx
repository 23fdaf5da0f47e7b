import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { type Override, textColor, withOverrides } from '@/lib/utils';

const badgeVariants = cva(
  'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        success: 'border-transparent bg-green-700 text-white',
        outline: 'text-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** A caller's colours replace the variant's. */
const overrides: Override[] = [[/^bg-/], [textColor]];

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return (
    <span className={withOverrides(badgeVariants({ variant }), className, overrides)} {...props} />
  );
}

import { cva, type VariantProps } from 'class-variance-authority';
import { type ComponentProps, type CSSProperties, cloneElement, isValidElement } from 'react';
import { type Override, withOverrides } from '@/lib/utils';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 rounded-md px-3',
        lg: 'h-11 rounded-md px-8',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

/** What a caller's className may set in place of the variant's: its layout, size and shape. */
const overrides: Override[] = [
  [/^gap-/],
  [/^justify-(start|end|center|between|around|evenly|stretch|normal)$/],
  [/^h-/],
  [/^px-/],
  [/^size-/],
  [/^rounded-/],
  [/^bg-/],
  [/^hover:bg-/],
];

type ChildProps = Record<string, unknown> & { className?: string; style?: CSSProperties };

/**
 * `asChild`: the button's classes and props put on its one child element (a link drawn as a
 * button) as Radix's Slot does it: the child's own props win, but both handlers run (the
 * child's first) and classes and styles are joined. Radix's Slot came with every page.
 */
function Slot({ children, ...slot }: ComponentProps<'button'>) {
  if (!isValidElement<ChildProps>(children)) return null;
  const own = children.props;
  const merged: ChildProps = { ...slot, ...own };
  for (const [name, value] of Object.entries(own)) {
    const theirs = (slot as Record<string, unknown>)[name];
    if (/^on[A-Z]/.test(name) && typeof value === 'function' && typeof theirs === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result = value(...args);
        theirs(...args);
        return result;
      };
    }
  }
  merged.className = [slot.className, own.className].filter(Boolean).join(' ');
  if (own.style) merged.style = { ...slot.style, ...own.style };
  return cloneElement(children, merged);
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      className={withOverrides(buttonVariants({ variant, size }), className, overrides)}
      {...props}
    />
  );
}

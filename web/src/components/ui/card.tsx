import type { ComponentProps } from 'react';
import { cn, fontSizeOverride, type Override, paddingOverride, withOverrides } from '@/lib/utils';

const display = /^(flex|grid|block|inline-flex|hidden)$/;
const headerOverrides: Override[] = [[display], [/^flex-(row|col)/], [/^space-y-/]];

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-lg border bg-card text-card-foreground shadow-sm', className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={withOverrides('flex flex-col space-y-1.5 p-6', className, headerOverrides)}
      {...props}
    />
  );
}

export function CardTitle({ className, ...props }: ComponentProps<'h3'>) {
  return (
    <h3
      className={withOverrides('text-xl font-semibold leading-none', className, [fontSizeOverride])}
      {...props}
    />
  );
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={withOverrides('p-6 pt-0', className, [paddingOverride])} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={withOverrides('flex items-center p-6 pt-0', className, [paddingOverride])}
      {...props}
    />
  );
}

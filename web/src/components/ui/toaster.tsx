import { Toaster as Sonner } from 'sonner';

/** One toast at a time, 5 seconds each (SPEC §9). */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans' } }}
    />
  );
}

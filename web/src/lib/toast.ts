import { toast as sonner } from 'sonner';

// The spec allows one toast at a time: each new toast replaces the one on screen.
export const toast = {
  success(message: string) {
    sonner.dismiss();
    sonner.success(message);
  },
  error(message: string) {
    sonner.dismiss();
    sonner.error(message);
  },
  message(message: string) {
    sonner.dismiss();
    sonner(message);
  },
};

// The spec allows one toast at a time: each new toast replaces the one on screen.
// sonner loads after the first paint (see main.tsx), so it stays out of the first bundle.
const sonner = () => import('sonner').then((m) => m.toast);

export const toast = {
  success(message: string) {
    void sonner().then((t) => {
      t.dismiss();
      t.success(message);
    });
  },
  error(message: string) {
    void sonner().then((t) => {
      t.dismiss();
      t.error(message);
    });
  },
  message(message: string) {
    void sonner().then((t) => {
      t.dismiss();
      t(message);
    });
  },
};

/**
 * Tells of a request's answer from its own promise: the server's message, or the error's. For
 * forms keyed by what the answer changes (the admin's order forms), which may be drawn anew
 * before a mutation's own callbacks run, and those callbacks are then dropped.
 */
export function toastAnswer<T extends { message: string }>(
  answer: Promise<T>,
  onSuccess?: (answer: T) => void,
) {
  answer.then(
    (res) => {
      toast.success(res.message);
      onSuccess?.(res);
    },
    (error: Error) => toast.error(error.message),
  );
}

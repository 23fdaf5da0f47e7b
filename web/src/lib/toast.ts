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

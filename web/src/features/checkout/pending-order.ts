// SPEC §4: after creating an order the client keeps its id in session storage while the
// shopper is at PayPal; the return and cancel pages read it back.
const KEY = 'currentOrderId';

export function rememberPendingOrder(orderId: string) {
  sessionStorage.setItem(KEY, JSON.stringify(orderId));
}

export function pendingOrderId(): string | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function forgetPendingOrder() {
  sessionStorage.removeItem(KEY);
}

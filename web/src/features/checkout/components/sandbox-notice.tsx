import { FlaskConical } from 'lucide-react';

/** Said wherever it is true: payments go to a sandbox and no money moves. */
export function SandboxNotice() {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <strong>Sandbox payments.</strong> Checkout uses a PayPal sandbox: no real money moves and
        no PayPal account is needed.
      </span>
    </p>
  );
}

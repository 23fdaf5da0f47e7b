import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * The order number and the email it was placed with: how a shopper without an account (or not
 * signed in) proves an order is theirs, on every form that asks for it. The fields post as
 * `orderNumber` and `email`.
 */
export function OrderNumberEmailFields({
  idPrefix,
  orderNumber,
  email,
}: {
  /** Keeps the ids unique when two such forms share a page. */
  idPrefix: string;
  orderNumber?: string;
  email?: string;
}) {
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-number`}>Order number</Label>
        <Input
          id={`${idPrefix}-number`}
          name="orderNumber"
          placeholder="#100042"
          inputMode="numeric"
          autoComplete="off"
          pattern="#?[0-9]{1,12}"
          title="The number from your confirmation, such as #100042"
          maxLength={13}
          defaultValue={orderNumber}
          required
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-email`}>Email</Label>
        <Input
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="The email you ordered with"
          maxLength={254}
          defaultValue={email}
          required
        />
      </div>
    </>
  );
}

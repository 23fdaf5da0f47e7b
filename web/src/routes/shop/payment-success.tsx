import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

export function Component() {
  return (
    <div className="mx-auto w-full max-w-xl p-4 md:p-6">
      <title>Payment successful · The E-Commerce Store</title>
      <Card>
        <CardHeader className="flex-row items-center gap-3 space-y-0">
          <CircleCheck className="size-8 text-green-700" aria-hidden />
          <h1 className="text-2xl font-semibold">Payment is successful!</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p>Thank you for your order. You can follow it in your account.</p>
          <Button asChild className="w-fit">
            <Link to="/shop/account">View Orders</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

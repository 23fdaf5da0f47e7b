import { infoPages } from '@contract/info-page-list';
import { pages } from '@contract/pages';
import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { shopSettings } from '@/lib/shop-settings';

/** The shop's footer: who runs it, how to reach them, and the pages a careful shopper reads. */
export function SiteFooter() {
  const { name, contactEmail, guestCheckout } = shopSettings();
  return (
    <footer className="border-t bg-zinc-50 text-sm text-zinc-700">
      <div className="flex flex-col gap-6 px-4 py-8 md:flex-row md:items-start md:justify-between md:px-6">
        <div className="space-y-2">
          <p className="text-base font-bold text-zinc-900">{name}</p>
          <p>Clothing, footwear and accessories, delivered to your door.</p>
          <a
            href={`mailto:${contactEmail}`}
            className="inline-flex items-center gap-2 font-medium text-zinc-900 underline-offset-4 hover:underline"
          >
            <Mail className="size-4" aria-hidden />
            {contactEmail}
          </a>
        </div>
        <nav aria-label="Shop information">
          <ul className="grid grid-cols-2 gap-x-8 gap-y-1 sm:flex sm:flex-wrap sm:gap-x-6">
            {infoPages.map((page) => (
              <li key={page.slug}>
                <Link
                  to={`/pages/${page.slug}`}
                  className="inline-block py-1.5 font-medium text-zinc-900 underline-offset-4 hover:underline"
                >
                  {page.label}
                </Link>
              </li>
            ))}
            {guestCheckout && (
              // Guests have no account: their orders are found by number and email.
              <li>
                <Link
                  to="/shop/order/lookup"
                  className="inline-block py-1.5 font-medium text-zinc-900 underline-offset-4 hover:underline"
                >
                  Find an order
                </Link>
              </li>
            )}
            <li>
              {/* The EU withdrawal function: always here, for shoppers and visitors alike. */}
              <Link
                to={pages.shopWithdraw}
                className="inline-block py-1.5 font-medium text-zinc-900 underline-offset-4 hover:underline"
              >
                Withdraw from contract
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="px-4 py-4 text-xs text-zinc-600 md:px-6">
          © {name}. Payments are handled securely by PayPal.
        </p>
      </div>
    </footer>
  );
}

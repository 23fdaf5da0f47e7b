import { pageTitle } from '@/lib/shop-settings';
/** A page whose capability a later issue builds. */
export function ShopPlaceholder({ title }: { title: string }) {
  return (
    <div className="container mx-auto p-6">
      <title>{pageTitle(title)}</title>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">This page is coming soon.</p>
    </div>
  );
}

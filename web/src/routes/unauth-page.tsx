import { pageTitle } from '@/lib/shop-settings';
export function UnauthPage() {
  return (
    <main className="flex min-h-screen items-center justify-center p-6 text-center">
      <title>{pageTitle('No access')}</title>
      <h1 className="text-2xl font-semibold">You don't have access to view this page</h1>
    </main>
  );
}

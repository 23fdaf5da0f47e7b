export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center p-6 text-center">
      <title>Not found · The E-Commerce Store</title>
      <h1 className="text-2xl font-semibold">page doesn't exists</h1>
    </main>
  );
}

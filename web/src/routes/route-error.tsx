/** The error page (SPEC §2) of a page that threw: the message and stack. */
export function RouteError({ error }: { error: unknown }) {
  let detail: string;
  let stack: string | undefined;
  if (error instanceof Error) {
    detail = error.message;
    stack = error.stack;
  } else {
    detail = 'Unknown error';
  }
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <h2 className="mt-2 text-lg italic">{detail}</h2>
      {stack ? (
        <pre className="mt-4 overflow-x-auto rounded-md bg-muted p-4 text-xs">{stack}</pre>
      ) : null}
    </main>
  );
}

/** A page whose capability a later issue builds. */
export function AdminPlaceholder({ title }: { title: string }) {
  return (
    <div>
      <title>{`${title} · Admin`}</title>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">This screen is coming soon.</p>
    </div>
  );
}

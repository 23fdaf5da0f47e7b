import { isInfoPageSlug } from '@contract/info-page-list';
import type { MouseEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { isBackOffice } from '@/features/admin-staff/access';
import { useInfoPage } from '@/features/info-pages/api/get-info-page';
import { useAuth } from '@/lib/auth';
import { pageTitle } from '@/lib/shop-settings';
import { MinimalHeader } from '@/routes/minimal-header';
import { ShopHeader } from '@/routes/shop/header';
import { SiteFooter } from '@/routes/site-footer';

// The server's HTML has no classes of its own: its elements are styled from the container.
const prose = [
  'max-w-none text-zinc-800 leading-relaxed',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-zinc-900',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-semibold',
  '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:my-1 [&_a]:font-medium [&_a]:text-zinc-900 [&_a]:underline [&_a]:underline-offset-4',
  '[&_table]:my-4 [&_table]:w-full [&_table]:text-sm [&_th]:border-b [&_th]:py-2 [&_th]:pr-4',
  '[&_th]:text-left [&_td]:border-b [&_td]:py-2 [&_td]:pr-4 [&_strong]:text-zinc-900',
].join(' ');

/** Shipping, returns, privacy, terms, contact: readable by anyone, signed in or not. */
export function Component() {
  const { slug = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const known = isInfoPageSlug(slug);
  const { data, isPending, isError } = useInfoPage(slug);

  // Links inside the page's HTML to the shop's own pages stay in the app (no full reload).
  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigate(href);
  };

  return (
    <div className="flex min-h-screen flex-col bg-background">
      <title>{pageTitle(data?.title)}</title>
      {user && !isBackOffice(user) ? <ShopHeader /> : <MinimalHeader />}
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 md:px-6">
        {!known || isError ? (
          <div className="space-y-4 text-center">
            <h1 className="text-2xl font-semibold">page doesn't exists</h1>
            <Link to="/" className="underline underline-offset-4">
              Go to the home page
            </Link>
          </div>
        ) : isPending ? (
          <div role="status" aria-label="Loading page" className="space-y-4">
            <Skeleton className="h-9 w-1/2" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : (
          <article>
            <h1 className="mb-6 text-3xl font-bold tracking-tight">{data.title}</h1>
            {/* biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the links inside */}
            {/* biome-ignore lint/a11y/useKeyWithClickEvents: links keep their own keyboard behaviour */}
            <div
              className={prose}
              onClick={followInternalLink}
              // Rendered from Markdown on the server, which escapes any raw HTML in it.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised Markdown
              dangerouslySetInnerHTML={{ __html: data.html }}
            />
          </article>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}

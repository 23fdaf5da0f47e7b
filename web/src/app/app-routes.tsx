import { Component, type ReactNode } from 'react';
import { type Location, renderMatches, useLocation } from 'react-router';
import { PagePreloadContext } from '@/lib/page-preload';
import { RouteError } from '@/routes/route-error';
import { loadMatchedRoutes, matchRoutesKept } from './route-module';
import { routes } from './routes';

type BoundaryProps = { location: Location; children: ReactNode };
type BoundaryState = { error: unknown; location: Location };

/** A page that throws shows the error page (SPEC §2) until the next navigation. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    // Another page clears the error, as React Router's own boundary does.
    return props.location === state.location
      ? null
      : { error: undefined, location: props.location };
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}

/** A path matchRoutes decoded, encoded again as `useRoutes` gives it to links resolved from it. */
const encoded = (pathname: string) =>
  new URL(
    pathname.replaceAll('%', '%25').replaceAll('?', '%3F').replaceAll('#', '%23'),
    'http://localhost',
  ).pathname;

const preloadPage = (path: string) =>
  loadMatchedRoutes(routes, new URL(path, 'http://localhost').pathname);

/**
 * The app's pages (routes.tsx) for the current location, on the server and in the browser:
 * what `useRoutes(routes)` renders at the top level, with the matches kept by path
 * (route-module.ts) rather than the route table flattened again on every render.
 */
export function AppRoutes() {
  const location = useLocation();
  const matches = matchRoutesKept(routes, location.pathname);
  const page = renderMatches(
    matches?.map((match) => ({
      ...match,
      pathname: encoded(match.pathname),
      pathnameBase: encoded(match.pathnameBase),
    })) ?? null,
  );
  return (
    <PagePreloadContext value={preloadPage}>
      <RouteErrorBoundary location={location}>{page}</RouteErrorBoundary>
    </PagePreloadContext>
  );
}

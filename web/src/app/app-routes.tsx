import { Component, type ReactNode } from 'react';
import { type Location, useLocation, useRoutes } from 'react-router';
import { RouteError } from '@/routes/route-error';
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

/** The app's pages (routes.tsx) for the current location, on the server and in the browser. */
export function AppRoutes() {
  const location = useLocation();
  const page = useRoutes(routes);
  return <RouteErrorBoundary location={location}>{page}</RouteErrorBoundary>;
}

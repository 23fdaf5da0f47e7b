import { AdminPlaceholder } from './placeholder';

export function Component() {
  return <AdminPlaceholder title="Features" />;
}

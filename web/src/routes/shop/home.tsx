import { ShopPlaceholder } from './placeholder';

export function Component() {
  return <ShopPlaceholder title="Home" />;
}

import type { Product } from '@contract/catalog';
import { careKeyLabels, careKeys, careLabel, compositionText } from '@contract/garment-constants';
import { useId } from 'react';
import { shopSettings } from '@/lib/shop-settings';
import { CareSymbol } from './care-symbol';

/**
 * What the product is made of, part by part (the EU textile regulation wants it before an
 * online purchase), and its care symbols with their text. Nothing when neither is known.
 */
export function FabricCare({ product }: { product: Pick<Product, 'composition' | 'care'> }) {
  const headingId = useId();
  const { composition, care } = product;
  if (composition.length === 0 && !care) return null;
  // A US shop's shoppers read temperatures in °F: both are shown, as US care labels do.
  const fahrenheit = shopSettings().country === 'US';
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-xl font-bold">
        Fabric and care
      </h2>
      {composition.length > 0 && (
        <ul className="grid gap-1 text-sm">
          {composition.map((part) => (
            <li key={part.part}>{compositionText([part])}</li>
          ))}
        </ul>
      )}
      {care && (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Care instructions">
          {careKeys.map((key) => (
            <li key={key} className="flex items-center gap-3 text-sm">
              <CareSymbol kind={key} value={care[key]} className="size-7 shrink-0" />
              <span>
                <span className="sr-only">{careKeyLabels[key]}: </span>
                {careLabel(key, care[key], fahrenheit)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

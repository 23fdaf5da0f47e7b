/** A listing's facets: how many products each filter value would leave. */
import { listFilterKeys, productFilterKeys } from '@contract/listing';
import type { CodeCounts, Dimension, Selection } from './listing-table-types';
import type { OptionRows } from './option-rows';
import { popcountIn, type RowSets, rowsOf, spansOf, wordsIn } from './row-sets';

/**
 * Each facet counted under every filter but its own (a size counts when one in-stock
 * variant of it has a chosen colour, and vice versa). Also answers the product filters' row
 * sets, which ListingTable.facets reuses for the price range under the others.
 */
export function countFacets(
  selection: Selection,
  sets: RowSets,
  options: OptionRows,
  codeCounts: CodeCounts,
  empty: Partial<Record<Dimension, number | undefined>>,
) {
  const { inFacts, inPrice, withOption, sizes, colors } = selection;
  const counts = Object.fromEntries(
    listFilterKeys.map((key) => [key, new Int32Array(codeCounts[key])]),
  ) as Record<Dimension, Int32Array>;
  const facts = Object.values(inFacts);
  for (const key of productFilterKeys) {
    const others = sets.and(
      ...productFilterKeys.filter((k) => k !== key).map((k) => inFacts[k]),
      inPrice,
      withOption,
    );
    const spans = spansOf(others);
    const dimension = counts[key];
    for (let code = 0; code < dimension.length; code += 1) {
      if (code !== empty[key]) dimension[code] = popcountIn(sets.facts[key][code]!, others, spans);
    }
  }
  const beforeOptions = sets.and(...facts, inPrice);
  const spans = spansOf(beforeOptions);
  const before = popcountIn(beforeOptions, beforeOptions, spans);
  // Visiting the rows left costs their pairs, the bit sets a pass over their words per size
  // and colour; a pair visited cost about six words passed (measured on 10,000 products, 25
  // sizes, 10 colours).
  if (before * options.perRow * 6 < (counts.size.length + counts.color.length) * wordsIn(spans)) {
    options.count(rowsOf(beforeOptions, before), selection.wanted, counts);
    if (empty.size !== undefined) counts.size[empty.size] = 0;
    if (empty.color !== undefined) counts.color[empty.color] = 0;
  } else {
    for (let code = 0; code < counts.size.length; code += 1) {
      if (code !== empty.size) {
        counts.size[code] = sets.countOptions([code], colors, beforeOptions, spans);
      }
    }
    for (let code = 0; code < counts.color.length; code += 1) {
      if (code !== empty.color) {
        counts.color[code] = sets.countOptions(sizes, [code], beforeOptions, spans);
      }
    }
  }
  return { counts, facts };
}

import type { Entry } from './listing-table-types';

/**
 * Each row's in-stock size-colour pairs side by side in typed arrays (row r's are at
 * `start[r]` up to `start[r + 1]`), so the size and colour facets of a few rows are counted
 * by visiting those rows instead of a bit set per facet value over the whole table.
 */
export class OptionRows {
  private readonly start: Uint32Array;
  private readonly size: Uint32Array;
  private readonly color: Uint32Array;

  constructor(entries: Entry[]) {
    this.start = new Uint32Array(entries.length + 1);
    entries.forEach((e, row) => {
      this.start[row + 1] = this.start[row]! + e.optionSizes.length;
    });
    this.size = Uint32Array.from(entries.flatMap((e) => e.optionSizes));
    this.color = Uint32Array.from(entries.flatMap((e) => e.optionColors));
  }

  /** Row `row`'s pairs as an entry holds them (for a table built anew after a change). */
  pairsOf(row: number) {
    // A loop, not Array.from(subarray): two typed-array views a row were most of the time.
    const optionSizes: number[] = [];
    const optionColors: number[] = [];
    for (let j = this.start[row]!; j < this.start[row + 1]!; j += 1) {
      optionSizes.push(this.size[j]!);
      optionColors.push(this.color[j]!);
    }
    return { optionSizes, optionColors };
  }

  /** In-stock pairs per row, on average. */
  get perRow() {
    return this.size.length / Math.max(1, this.start.length - 1);
  }

  /**
   * Adds to each size's count the rows having it in one of the wanted colours (any colour
   * when none is wanted), and to each colour's count the rows having it in a wanted size.
   */
  count(
    rows: Uint32Array,
    wanted: { size?: Uint8Array | undefined; color?: Uint8Array | undefined },
    into: { size: Int32Array; color: Int32Array },
  ) {
    // The last row counted for each value: a row counts once whatever its number of pairs.
    const sizeSeen = new Int32Array(into.size.length).fill(-1);
    const colorSeen = new Int32Array(into.color.length).fill(-1);
    for (let i = 0; i < rows.length; i += 1) {
      const row = rows[i]!;
      for (let j = this.start[row]!; j < this.start[row + 1]!; j += 1) {
        const size = this.size[j]!;
        const color = this.color[j]!;
        if ((!wanted.color || wanted.color[color] === 1) && sizeSeen[size] !== row) {
          sizeSeen[size] = row;
          into.size[size]! += 1;
        }
        if ((!wanted.size || wanted.size[size] === 1) && colorSeen[color] !== row) {
          colorSeen[color] = row;
          into.color[color]! += 1;
        }
      }
    }
  }
}

/** A LIKE pattern matching `term` anywhere, its own %, _ and \ taken literally. */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Reads by id asked for in the same turn of the event loop, sent to the database as one query:
 * `load` runs once the turn's callbacks are done (setImmediate) with every id asked for in it,
 * and each caller gets back the items of its own ids, in the order `load` answered them. Under
 * load, the requests parsed in one turn miss the cache together, and a query's round trip (a
 * write to the database's socket and a read back) costs more of the server's CPU than the rows
 * it brings: fifty product answers missing at once are one query, not fifty.
 * At most `maxIds` ids a query; more start a second batch. A failed load fails every caller of
 * its batch, as each one's own query would have.
 */
export function batchedReads<T>(
  load: (ids: string[]) => Promise<T[]>,
  idOf: (item: T) => string,
  maxIds = 1000,
) {
  let open: { ids: Set<string>; items: Promise<Map<string, T>> } | undefined;

  const startBatch = () => {
    const ids = new Set<string>();
    const items = new Promise<Map<string, T>>((resolve, reject) => {
      setImmediate(() => {
        if (open?.ids === ids) open = undefined;
        load([...ids]).then(
          (found) => resolve(new Map(found.map((item) => [idOf(item), item]))),
          reject,
        );
      });
    });
    return { ids, items };
  };

  return async (ids: readonly string[]): Promise<T[]> => {
    if (ids.length === 0) return [];
    if (open === undefined || open.ids.size + ids.length > maxIds) open = startBatch();
    const batch = open;
    for (const id of ids) batch.ids.add(id);
    const found = await batch.items;
    return ids.flatMap((id) => found.get(id) ?? []);
  };
}

// Ids asked for in one event-loop turn go to `load` as one query: under load a turn's requests
// miss together, and a round trip costs more CPU than the rows it brings.
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

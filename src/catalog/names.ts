/**
 * A catalog's tables or columns by a name: the one of exactly that name, else every one whose name
 * differs from it only by case. A read resolved on a parse tree carries the catalog's exact name
 * (PostgreSQL's `"Info"` is not `info`, nor its table `"T"` `t`), and a name a user wrote (a dataset, a
 * compared column) is found first as written, as the engine finds it; where no name is exact, every
 * match in any case counts. So two names that differ only by case never stand in for one another:
 * what is looked up is never the first match of a lower-cased name.
 */
export function withName<T extends { name: string }>(items: readonly T[], name: string): T[] {
  const exact = items.filter((item) => item.name === name);
  if (exact.length > 0) return exact;
  const wanted = name.toLowerCase();
  return items.filter((item) => item.name.toLowerCase() === wanted);
}

/**
 * The table (or view) a comparison's dataset denotes in the catalog: by its name (withName), else by
 * its last part (`public.customers` for the catalog's `customers`); [] when the catalog lists none.
 */
export function datasetTables<T extends { name: string }>(catalog: readonly T[] | undefined, dataset: string | null | undefined): T[] {
  if (!catalog || !dataset) return [];
  const named = withName(catalog, dataset);
  if (named.length > 0) return named;
  const bare = (name: string) => name.split('.').at(-1)!;
  return withName(
    catalog.map((table) => ({ name: bare(table.name), table })),
    bare(dataset),
  ).map(({ table }) => table);
}

// Vitest 5's reporter calls Map.groupBy (Node 21+) when it prints a failure; on Node 20 the failure report itself
// crashes and hides the cause. Imported by the Vitest configs, so it runs in the main process where reporters run.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, T>(items: Iterable<T>, keyOf: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>()
      let index = 0
      for (const item of items) {
        const key = keyOf(item, index++)
        const group = groups.get(key)
        if (group) group.push(item)
        else groups.set(key, [item])
      }
      return groups
    },
  })
}

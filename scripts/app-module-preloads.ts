// Owns which dynamic imports of the build preload their chunk's dependencies: those of the visitor's page and the
// public site, which load over the network, but not those of the owner app, which its service worker answers from the
// precache (decision 185).
import type { Plugin } from 'vite'

/** What the decision needs of an output chunk (Rolldown's OutputChunk has these fields). */
export type ChunkLinks = { fileName: string; isEntry: boolean; name: string; imports: readonly string[]; dynamicImports: readonly string[] }

/** Every chunk an entry can load, its own static and dynamic imports followed to the end. */
function reachable(chunks: ReadonlyMap<string, ChunkLinks>, entry: ChunkLinks): Set<string> {
  const seen = new Set<string>()
  const queue = [entry.fileName]
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const chunk = chunks.get(file)
    if (seen.has(file) || !chunk) continue
    seen.add(file)
    queue.push(...chunk.imports, ...chunk.dynamicImports)
  }
  return seen
}

/**
 * The chunks only the named entry reaches: a dynamic import made from one of them runs in that entry's document and
 * nowhere else. A chunk another entry shares (React, say) keeps its preloads, since the other document may need them.
 */
export function chunksOnlyOf(entryName: string, chunks: readonly ChunkLinks[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const entries = chunks.filter((chunk) => chunk.isEntry)
  const own = entries.find((chunk) => chunk.name === entryName)
  if (!own) return new Set()
  const only = reachable(byFile, own)
  for (const other of entries) if (other !== own) for (const file of reachable(byFile, other)) only.delete(file)
  return only
}

/**
 * Each `<link rel="modulepreload">` Vite's helper appends when a lazy chunk loads costs the page's main thread a
 * layout-free but measurable DOM insertion and a fetch start: about 25 of them as the dashboard opened, on the reload's
 * critical path (issue 23 item 12). Under the service worker a chunk's own imports are answered from the precache as
 * fast as the preloads would be, so the owner app's dynamic imports go without them; stylesheets are still loaded
 * (Vite adds those itself).
 */
export function appModulePreloads(entryName: string) {
  let appOnly = new Set<string>()
  const plugin: Plugin = {
    name: 'qrtee-app-module-preloads',
    apply: 'build',
    // Runs before Vite's own import analysis, which calls resolveDependencies in its generateBundle.
    generateBundle(_options, bundle) {
      appOnly = chunksOnlyOf(entryName, Object.values(bundle).filter((output) => output.type === 'chunk'))
    },
  }
  const resolveDependencies = (_file: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }): string[] =>
    context.hostType === 'js' && appOnly.has(context.hostId) ? [] : deps
  return { plugin, resolveDependencies }
}

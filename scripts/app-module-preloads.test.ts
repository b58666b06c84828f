import { describe, expect, it } from 'vitest'
import { appModulePreloads, chunksOnlyOf, type ChunkLinks } from './app-module-preloads.ts'

const chunk = (fileName: string, links: Partial<ChunkLinks> = {}): ChunkLinks => ({ fileName, isEntry: false, name: fileName, imports: [], dynamicImports: [], ...links })
const entry = (name: string, links: Partial<ChunkLinks> = {}) => chunk(`${name}.js`, { isEntry: true, name, ...links })

describe('chunksOnlyOf', () => {
  const cases: { name: string; chunks: ChunkLinks[]; only: string[] }[] = [
    { name: 'no entry of that name', chunks: [entry('profile')], only: [] },
    { name: 'the entry alone', chunks: [entry('app')], only: ['app.js'] },
    {
      name: 'static and dynamic imports, followed to the end',
      chunks: [entry('app', { imports: ['react.js'], dynamicImports: ['dashboard.js'] }), chunk('react.js'), chunk('dashboard.js', { imports: ['modal.js'] }), chunk('modal.js')],
      only: ['app.js', 'react.js', 'dashboard.js', 'modal.js'],
    },
    {
      name: 'a chunk another entry reaches is shared, however it is reached',
      chunks: [
        entry('app', { imports: ['react.js'], dynamicImports: ['dashboard.js'] }),
        entry('profile', { dynamicImports: ['visitor.js'] }),
        chunk('visitor.js', { imports: ['react.js', 'share.js'] }),
        chunk('react.js'),
        chunk('share.js'),
        chunk('dashboard.js', { imports: ['share.js', 'grid.js'] }),
        chunk('grid.js'),
      ],
      only: ['app.js', 'dashboard.js', 'grid.js'],
    },
    {
      name: 'cycles and imports of files outside the bundle end',
      chunks: [entry('app', { imports: ['a.js'] }), chunk('a.js', { imports: ['b.js', 'gone.js'] }), chunk('b.js', { dynamicImports: ['a.js', 'app.js'] })],
      only: ['app.js', 'a.js', 'b.js'],
    },
  ]
  it.each(cases)('$name', ({ chunks, only }) => {
    expect([...chunksOnlyOf('app', chunks)].sort()).toEqual([...only].sort())
  })
})

describe('appModulePreloads', () => {
  it("drops the JavaScript preloads of the app's own lazy imports, and keeps every other host's and the HTML's", () => {
    const { plugin, resolveDependencies } = appModulePreloads('app')
    const bundle = {
      'app.js': { type: 'chunk', ...entry('app', { dynamicImports: ['dashboard.js'] }) },
      'dashboard.js': { type: 'chunk', ...chunk('dashboard.js', { imports: ['modal.js'], dynamicImports: ['modal.js'] }) },
      'modal.js': { type: 'chunk', ...chunk('modal.js') },
      'profile.js': { type: 'chunk', ...entry('profile', { dynamicImports: ['visitor.js'] }) },
      'visitor.js': { type: 'chunk', ...chunk('visitor.js') },
      'app.css': { type: 'asset', fileName: 'app.css' },
    }
    const generate = plugin.generateBundle as (options: unknown, bundle: unknown) => void
    generate({}, bundle)
    const deps = ['react.js', 'client.js']
    expect(resolveDependencies('dashboard.js', deps, { hostId: 'app.js', hostType: 'js' })).toEqual([])
    expect(resolveDependencies('modal.js', deps, { hostId: 'dashboard.js', hostType: 'js' })).toEqual([])
    expect(resolveDependencies('visitor.js', deps, { hostId: 'profile.js', hostType: 'js' })).toEqual(deps)
    expect(resolveDependencies('app.js', deps, { hostId: 'index.html', hostType: 'html' })).toEqual(deps)
  })
})

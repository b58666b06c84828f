// Times POST /api/link-previews against the local fake shop and reports the share of time spent outside the fetch
// itself (parsing, image re-encoding, storing), with the bare fetch of the same page as the anchor of this run.
import { performance } from 'node:perf_hooks'
import { startFakeShop } from '../tests/fake-shop.ts'
import { numericArg } from './lib-in-process-app.ts'

const runs = numericArg('--runs', 30)

async function main() {
  const { openDatabase } = await import('../server/db/client.ts')
  const { LinkPreviewer } = await import('../server/link-previews/link-previewer.ts')
  const { safeFetch } = await import('../server/outbound/safe-fetch.ts')
  const { users } = await import('../server/db/schema.ts')
  const shop = await startFakeShop()
  const database = await openDatabase('memory://')
  const [user] = await database.db.insert(users).values({ username: 'bench_preview', email: 'bench.preview@example.test', passwordHash: 'x' }).returning({ id: users.id })
  const options = { allowHosts: [shop.hostPort] }
  let fetchMs = 0
  const timedFetch: typeof safeFetch = async (...args) => {
    const start = performance.now()
    try {
      return await safeFetch(...args)
    } finally {
      fetchMs += performance.now() - start
    }
  }
  const url = `${shop.origin}/product`
  // Anchor: the page and its image fetched alone, no parsing or image work.
  let anchorMs = 0
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await safeFetch(url, 'html', options)
    await safeFetch(`${shop.origin}/img/photo.jpg`, 'image', options)
    anchorMs += performance.now() - start
  }
  let totalMs = 0
  for (let i = 0; i < runs; i++) {
    // A fresh previewer each run, so its one-hour cache does not hide the work being measured.
    const previewer = new LinkPreviewer(options, Date.now, timedFetch)
    const start = performance.now()
    await previewer.preview(database.db, user!.id, url, 100 * 1024 * 1024)
    totalMs += performance.now() - start
  }
  const outside = totalMs - fetchMs
  console.log(`link preview of ${url} x${runs}`)
  console.log(`  preview total   ${(totalMs / runs).toFixed(1)} ms per preview`)
  console.log(`  inside fetch    ${(fetchMs / runs).toFixed(1)} ms (page + image through the safe fetcher)`)
  console.log(`  outside fetch   ${(outside / runs).toFixed(1)} ms = ${((100 * outside) / totalMs).toFixed(1)}% of the preview (parse, re-encode, store)`)
  console.log(`  anchor: bare fetch of page + image ${(anchorMs / runs).toFixed(1)} ms`)
  await shop.close()
  await database.close()
}

await main()

// Benchmark: GET /api/profiles/{shareableId} through the real server (fast path, counting on and off, and Hono only)
// next to raw node:http answering the same bytes, for 1 and 200 items, gzip and plain, with 10,000 other profiles.
// The measuring is bench/scan.ts's with --target api. Run: npm run bench:api [-- --seconds 3 --rounds 3 --connections 50]
export {}

process.argv.push('--target', 'api')
await import('./scan.ts')

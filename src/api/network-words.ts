// The words for failures live in src/lib/network-words.ts, so the visitor page (which loads no API client) says the same.
export * from '../lib/network-words.ts'

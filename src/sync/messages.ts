// The page <-> sync worker schemas now live in src/contract/messages.ts with the service worker's; this re-export
// keeps the worker's imports working until they name the contract module directly.
export { ChannelMessageSchema, TokenPairSchema, WorkerConfigSchema, type WorkerConfig } from '../contract/messages.ts'

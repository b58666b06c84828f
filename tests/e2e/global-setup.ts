// Before the e2e run: start the server exactly as `npm start` does and hand its base URL to the tests; stop it after.
import type { TestProject } from 'vitest/node'
import { startAppLikeNpmStart } from '../app-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

export default async function setup(project: TestProject) {
  // Every spec signs up from 127.0.0.1, more accounts per hour than one real address ever makes.
  const server = await startAppLikeNpmStart({ RATE_LIMIT_SCALE: '20' })
  project.provide('baseUrl', server.baseUrl)
  return server.stop
}

// Test stand-ins of the api room (used by its own tests and, re-exported, by sync/testing.ts): one browser's tokens.
import type { TokenPair, TokenStore } from './token-store.ts'

export type MemoryTokenStore = TokenStore & { current: TokenPair | null; signOuts: number; signedOutByOwner: number; accountGone: number; signOut(): Promise<void> }

/** Stands in for one browser's localStorage tokens (shared by that browser's tabs). */
export function createMemoryTokenStore(initial: TokenPair | null): MemoryTokenStore {
  const store: MemoryTokenStore = {
    current: initial,
    signOuts: 0,
    signedOutByOwner: 0,
    accountGone: 0,
    async read() {
      return { token: store.current?.token || null, refreshToken: store.current?.refreshToken ?? null }
    },
    async write(pair) {
      store.current = pair
    },
    signOut: () => store.end(),
    async end(reason) {
      store.current = null
      store.signOuts += 1
      if (reason === 'signed-out-by-owner') store.signedOutByOwner += 1
      if (reason === 'account-gone') store.accountGone += 1
    },
  }
  return store
}

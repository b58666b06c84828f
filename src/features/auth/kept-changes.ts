// Owns what /login says of this device's unsent changes after another device signed it out: the outbox stays (only a
// deleted account's is wiped), so they go out once the owner signs in again. Counted only then, so a visit to /login
// on a fresh device opens no local database.
import { useEffect, useState } from 'react'
import { isOrAre, unsentChanges } from '../../lib/unsent-changes-words.ts'

export function keptChangesSentence(count: number): string {
  return `${unsentChanges(count)} on this device ${isOrAre(count)} kept and will be sent after you sign in.`
}

/** The number of changes waiting to be sent, or 0 until known (and when `ask` is false or nothing can be read). */
export function useKeptChanges(ask: boolean): number {
  const [count, setCount] = useState(0)
  useEffect(() => {
    if (!ask) return
    let current = true
    void countPending().then((n) => current && setCount(n))
    return () => {
      current = false
    }
  }, [ask])
  return count
}

async function countPending(): Promise<number> {
  // Loaded here only: the sign-in page otherwise carries no Dexie.
  const [{ openOwnerDatabase }, { pendingOutboxCount }] = await Promise.all([import('../../local/db.ts'), import('../../local/queries.ts')])
  const db = openOwnerDatabase()
  try {
    return await pendingOutboxCount(db)
  } catch {
    return 0
  } finally {
    db.close()
  }
}

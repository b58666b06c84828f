// Owns how a settings section loads what it shows: asked for when online, and a failure kept in words with a way to
// ask again, so a server that answered 500 or nothing never leaves the section on 'Loading...' for ever.
import { useNetwork } from '@mantine/hooks'
import { useCallback, useEffect, useState } from 'react'
import { failureMessage } from '../../api/client.ts'

export type OnlineLoad<T> = {
  online: boolean
  /** What the last load that answered gave: a later load that fails keeps it, so a list shown stays readable. */
  data: T | null
  /** What the last load's failure said (the server's {message}, 'No connection', ...); null while loading or loaded. */
  failure: string | null
  load: () => void
}

/** `fetch` must be stable (a module-level call): it is what the load effect depends on. */
export function useOnlineLoad<T>(fetch: () => Promise<T>, fallback: string): OnlineLoad<T> {
  const { online } = useNetwork()
  const [data, setData] = useState<T | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const load = useCallback(() => {
    setFailure(null)
    fetch().then(
      (answer) => setData(answer),
      (err: unknown) => setFailure(failureMessage(err, fallback)),
    )
  }, [fetch, fallback])
  useEffect(() => {
    if (online) load()
  }, [online, load])
  return { online, data, failure, load }
}

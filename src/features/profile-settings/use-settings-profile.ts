// Owns the settings page's live read of the local profile, and the one-time 'Failed to load profile' hand-off.
import { notifications } from '@mantine/notifications'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useRef } from 'react'
import type { OwnerDatabase } from '../../local/db.ts'
import { readMeta } from '../../local/meta.ts'
import { profileQuery } from '../../local/queries.ts'
import { profileLoad, type ProfileLoad } from './profile-load-state.ts'

export function useSettingsProfile(db: OwnerDatabase, onLoadFailed: () => void): ProfileLoad {
  const read = useLiveQuery(
    async () => profileLoad((await profileQuery(db)) ?? null, (await readMeta(db, 'syncState')) ?? null),
    [db],
  )
  const state: ProfileLoad = read ?? { status: 'loading' }
  const reported = useRef(false)
  useEffect(() => {
    if (state.status !== 'failed' || reported.current) return
    reported.current = true
    notifications.show({ color: 'red', title: 'Error', message: 'Failed to load profile' })
    onLoadFailed()
  }, [state.status, onLoadFailed])
  return state
}

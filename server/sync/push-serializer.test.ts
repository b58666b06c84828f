import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { pushSerializerFor } from './push-serializer.ts'

/** A pool whose one connection grants every advisory lock and can die on cue, like a PostgreSQL backend cut off. */
function fakePostgres() {
  const connection = Object.assign(new EventEmitter(), {
    released: [] as boolean[],
    async query(text: string) {
      return { rows: [{ locked: text.includes('pg_try_advisory_lock') }] }
    },
    release(destroy?: boolean) {
      connection.released.push(destroy === true)
    },
  })
  const database = { kind: 'postgres', db: { $client: { connect: async () => connection } } } as unknown as Database
  return { database, connection }
}

describe('the push lock across servers', () => {
  it('answers stillHeld = false once its connection dies mid-batch, and destroys that connection', async () => {
    const { database, connection } = fakePostgres()
    const seen = await pushSerializerFor(database)('owner-1', async (stillHeld) => {
      const before = stillHeld()
      connection.emit('error', new Error('Connection terminated unexpectedly'))
      return [before, stillHeld()]
    })
    expect(seen).toEqual([true, false])
    expect(connection.released).toEqual([true])
  })

  it('gives a healthy connection back when the work itself fails', async () => {
    const { database, connection } = fakePostgres()
    await expect(pushSerializerFor(database)('owner-2', async () => Promise.reject(new Error('operation failed')))).rejects.toThrow('operation failed')
    expect(connection.released).toEqual([false])
  })
})

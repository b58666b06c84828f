// What the scan counter needs of a Hono request: the profile it opened and the request's address, agent and headers.
import type { Context } from 'hono'
import { clientAddress } from '../http/client-address.ts'
import type { ScanInput } from './scan-rules.ts'

/** `nowMs`: when the scan happened, for a report queued offline; unset means now. */
export function scanInputOf(c: Context, profileId: string, trustProxy: number, nowMs?: number): ScanInput {
  return {
    profileId,
    clientAddress: clientAddress(c, trustProxy),
    userAgent: c.req.header('User-Agent') ?? '',
    header: (name) => c.req.header(name),
    method: c.req.method,
    url: c.req.url,
    ...(nowMs === undefined ? {} : { nowMs }),
  }
}

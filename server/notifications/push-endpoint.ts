// Owns which push endpoints the server will ever contact (decision 150): an owner-given URL is an SSRF vector, so only
// the push services named in PUSH_SERVICE_HOSTS, over https (plain http only on this machine, for the test service).
// Pure, so every rule is a table test; and the one way an endpoint reaches a log line: its origin.
import { NOTIFICATION_MESSAGES } from '../../src/contract/notifications.ts'

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Does `host` (lower case, no port) with `port` ('' for the scheme's default) match an entry? 'fcm.googleapis.com'
 * matches that host on the default port, '*.push.apple.com' any host under it, 'host:4567' that host on that port.
 */
function matches(entry: string, host: string, port: string): boolean {
  const at = entry.lastIndexOf(':')
  const [pattern, entryPort] = at > 0 && !entry.endsWith(']') ? [entry.slice(0, at), entry.slice(at + 1)] : [entry, '']
  if (entryPort !== port) return false
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1
  return host === pattern
}

/** Undefined when the server may push to `endpoint`; otherwise the message of the 400 that refuses it. */
export function refusePushEndpoint(endpoint: string, allowedHosts: readonly string[]): string | undefined {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return NOTIFICATION_MESSAGES.endpoint
  }
  const host = url.hostname.toLowerCase()
  const local = LOCAL_HOSTS.has(host)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return NOTIFICATION_MESSAGES.endpoint
  if (url.username || url.password) return NOTIFICATION_MESSAGES.endpointHost
  return allowedHosts.some((entry) => matches(entry, host, url.port)) ? undefined : NOTIFICATION_MESSAGES.endpointHost
}

/** What a log line may say about an endpoint: its origin (the push service), never the path (the capability). */
export function endpointOrigin(endpoint: string): string {
  return URL.canParse(endpoint) ? new URL(endpoint).origin : 'invalid endpoint'
}

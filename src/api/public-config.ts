// Owns GET /api/public/config: the runtime settings (demo username, optional services) the browser needs.
import { type PublicConfig, PublicConfigSchema } from '../contract/public-config.ts'
import { apiCall } from './client.ts'

export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiCall(PublicConfigSchema, '/public/config', { auth: false, signal })
}

// The valibot schemas of what crosses between page and worker (comlink calls, broadcast messages).
import * as v from 'valibot'

export const WorkerConfigSchema = v.object({
  databaseName: v.pipe(v.string(), v.minLength(1)),
  baseUrl: v.pipe(v.string(), v.url()),
})
export type WorkerConfig = v.InferOutput<typeof WorkerConfigSchema>

export const TokenPairSchema = v.object({ token: v.string(), refreshToken: v.pipe(v.string(), v.minLength(1)) })

/** Posted on LOCAL_WRITE_CHANNEL by any tab: a local write, an owner who signed in again, or one of its triggers. */
export const ChannelMessageSchema = v.picklist(['write', 'signed-in', 'online', 'visible', 'interval', 'manual'])

// Owns the notification machinery of one app: the event fan-out, the push sender and the account mail outbox they
// feed, built once per AppDeps; `kick` after a commit that recorded an event, `stop` at shutdown (server/main.ts).
import { accountMailFor } from '../mail/app-mail.ts'
import type { AppDeps } from '../deps.ts'
import { createLogger } from '../http/logging.ts'
import { DEFAULT_MAIL_RETRY, type MailRetry } from '../mail/delivery-loop.ts'
import { NotificationOutbox } from './notification-outbox.ts'
import { BURST_WINDOW_MS } from './notification-texts.ts'
import { PushSender } from './push-sender.ts'

export type NotificationOptions = {
  /** Backoff and lease of push deliveries; unset: the mail outbox's. */
  retry?: MailRetry
  /** How long a gift summary gathers before it is sent; unset: the burst window, 10 minutes. */
  summaryDelayMs?: number
  /** One push's whole exchange with the push service; unset: 10 s. */
  pushTimeoutMs?: number
}

export type Notifications = {
  events: NotificationOutbox
  push: PushSender
  /** Fans out what was recorded and sends what is due, in the background; never throws. */
  kick: () => void
  /** Waits until the fan-out and the sending in progress are done (tests, benches). */
  idle: () => Promise<void>
  stop: () => void
}

const built = new WeakMap<AppDeps, Notifications>()

export function notificationsFor(deps: AppDeps): Notifications {
  let found = built.get(deps)
  if (found) return found
  const { config } = deps
  const logger = deps.logger ?? createLogger(config.logLevel)
  const options = deps.notificationOptions ?? {}
  const mail = accountMailFor(deps)
  const push = new PushSender(
    deps.database.db,
    {
      vapid: { subject: config.vapidSubject, publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey },
      allowedHosts: config.pushServiceHosts,
      retry: options.retry ?? DEFAULT_MAIL_RETRY,
      timeoutMs: options.pushTimeoutMs ?? 10_000,
      scope: deps.mailScope,
    },
    logger,
  )
  const events = new NotificationOutbox(
    deps.database.db,
    {
      publicUrl: config.publicUrl,
      mail: mail !== undefined,
      scope: deps.mailScope,
      summaryDelayMs: options.summaryDelayMs ?? BURST_WINDOW_MS,
      onFannedOut: () => {
        push.kick()
        mail?.kick()
      },
    },
    logger,
  )
  found = {
    events,
    push,
    kick: () => {
      events.kick()
      push.kick()
    },
    idle: async () => {
      await events.idle()
      await push.idle()
      await mail?.idle()
    },
    stop: () => {
      events.stop()
      push.stop()
    },
  }
  built.set(deps, found)
  return found
}

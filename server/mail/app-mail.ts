// The account mail outbox of one app (SMTP_URL): account links and notices, and the notification mails, go through it.
// It sits in mail/ so that notifications and accounts both reach it downwards.
import type { AppDeps } from '../deps.ts'
import { createLogger } from '../http/logging.ts'
import { DEFAULT_MAIL_RETRY } from './delivery-loop.ts'
import { createMailDelivery, MailOutbox } from './mail-outbox.ts'

const outboxes = new WeakMap<AppDeps, MailOutbox>()

/** The account mail outbox of the app built from `deps`, or undefined without SMTP_URL. */
export function accountMailFor(deps: AppDeps): MailOutbox | undefined {
  const { smtpUrl, mailFrom } = deps.config
  if (!smtpUrl) return undefined
  let outbox = outboxes.get(deps)
  if (!outbox) {
    outbox = new MailOutbox(deps.database.db, createMailDelivery(smtpUrl, mailFrom), deps.logger ?? createLogger(deps.config.logLevel), deps.accountMailRetry ?? DEFAULT_MAIL_RETRY, deps.mailScope)
    outboxes.set(deps, outbox)
  }
  return outbox
}

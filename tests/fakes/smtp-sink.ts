// An SMTP sink (smtp-server) that keeps every mail it receives, with its envelope and headers, and can be stopped and
// started again on the same port to play an outage.
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { envelopeFrom: string; envelopeTo: string[]; headers: Map<string, string>; body: string; raw: string }

/** Header names lower-cased, folded lines joined; enough for From, Reply-To, To and Subject. */
function parseMail(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n')
  const head = split < 0 ? raw : raw.slice(0, split)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body: split < 0 ? '' : raw.slice(split + 4) }
}

export class SmtpSink {
  readonly mails: ReceivedMail[] = []
  private server: SMTPServer | undefined
  port = 0

  async start(port = this.port): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
          this.mails.push({ envelopeFrom, envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, ...parseMail(raw) })
          callback()
        })
      },
    })
    server.listen(port, '127.0.0.1')
    await once(server.server, 'listening')
    this.port = (server.server.address() as AddressInfo).port
    this.server = server
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  /** Closes the port: connections are refused until start() again. */
  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** Waits for a mail whose body contains `text`. */
  async waitFor(text: string, timeoutMs = 20_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const mail = this.mails.find((m) => m.body.includes(text))
      if (mail) return mail
      if (Date.now() > deadline) throw new Error(`No mail containing ${JSON.stringify(text)} within ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

// A local Cloudflare Turnstile: the siteverify endpoint (form or JSON body, Cloudflare's answer shape and error codes,
// single-use tokens) and a fake widget script for the browser, served as api.js and routed in place of Cloudflare's.
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_SITE_KEY = 'fake-site-key'
export const FAKE_SECRET = 'fake-secret'

/** normal: answer by token; down: 500; slow: never answer (the caller's timeout decides). */
export type SiteverifyMode = 'normal' | 'down' | 'slow'
export type SiteverifyCall = { secret: string; response: string; remoteip: string | undefined }

/**
 * Tokens: `pass-…` succeed once (naming the action after a '~', if any) (a second use is timeout-or-duplicate), `expired-…` are timeout-or-duplicate, anything
 * else invalid-input-response. The fake widget hands out `pass-<random>`.
 */
export class FakeTurnstile {
  mode: SiteverifyMode = 'normal'
  /** The hostname a successful answer names (Cloudflare names the site's); null: the answer names none. */
  hostname: string | null = '127.0.0.1'
  /**
   * The widget action a successful answer names, as Cloudflare names the one the page rendered the widget with: the
   * fake widget's tokens carry it after a '~' (`pass-<random>~<action>`); a token without one gets this.
   */
  action = 'support-contact'
  readonly calls: SiteverifyCall[] = []
  private readonly spent = new Set<string>()
  private server: Server | undefined
  private readonly hanging = new Set<() => void>()

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      if (req.method === 'GET' && req.url?.startsWith('/turnstile/v0/api.js')) {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' })
        res.end(FAKE_WIDGET_SCRIPT)
        return
      }
      if (req.method !== 'POST' || !req.url?.startsWith('/turnstile/v0/siteverify')) {
        res.writeHead(404).end()
        return
      }
      void readForm(req).then((form) => {
        const call = { secret: form.get('secret') ?? '', response: form.get('response') ?? '', remoteip: form.get('remoteip') ?? undefined }
        this.calls.push(call)
        if (this.mode === 'down') return void res.writeHead(500, { 'Content-Type': 'text/plain' }).end('internal')
        if (this.mode === 'slow') return void this.hanging.add(() => res.destroy())
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(this.answer(call)))
      })
    })
    this.server.listen(0, '127.0.0.1')
    await once(this.server, 'listening')
  }

  private answer({ secret, response }: SiteverifyCall) {
    const fail = (code: string) => ({ success: false, 'error-codes': [code], messages: [] })
    if (!secret) return fail('missing-input-secret')
    if (secret !== FAKE_SECRET) return fail('invalid-input-secret')
    if (!response) return fail('missing-input-response')
    if (response.startsWith('expired-')) return fail('timeout-or-duplicate')
    if (!response.startsWith('pass-')) return fail('invalid-input-response')
    if (this.spent.has(response)) return fail('timeout-or-duplicate')
    this.spent.add(response)
    const hostname = this.hostname === null ? {} : { hostname: this.hostname }
    const action = response.includes('~') ? response.slice(response.indexOf('~') + 1) : this.action
    return { success: true, challenge_ts: new Date().toISOString(), ...hostname, 'error-codes': [], action, cdata: '' }
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`
  }

  get verifyUrl(): string {
    return `${this.origin}/turnstile/v0/siteverify`
  }

  async stop(): Promise<void> {
    for (const hang of this.hanging) hang()
    this.hanging.clear()
    const server = this.server
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

async function readForm(req: IncomingMessage): Promise<Map<string, string>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    const json = JSON.parse(text || '{}') as Record<string, unknown>
    return new Map(Object.entries(json).map(([k, v]) => [k, String(v)]))
  }
  return new Map(new URLSearchParams(text))
}

/**
 * The browser half: `window.turnstile.render(el, options)` draws a button that solves the challenge. The test drives
 * it through `window.fakeTurnstile` (solve, expire, fail) and reads the options the page passed.
 */
export const FAKE_WIDGET_SCRIPT = `(() => {
  const widgets = []
  const state = { options: null, widgets }
  const current = () => widgets[widgets.length - 1]
  state.solve = (token) => { const w = current(); w.options.callback && w.options.callback(token || 'pass-' + Math.random().toString(36).slice(2) + '~' + (w.options.action || '')) }
  state.expire = () => { const w = current(); w.options['expired-callback'] && w.options['expired-callback']() }
  state.fail = (code) => { const w = current(); w.options['error-callback'] && w.options['error-callback'](code || '300030') }
  window.fakeTurnstile = state
  window.turnstile = {
    render(container, options) {
      const element = typeof container === 'string' ? document.querySelector(container) : container
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = 'Verify you are human (fake captcha)'
      button.addEventListener('click', () => state.solve())
      element.appendChild(button)
      state.options = options
      widgets.push({ options, element, button })
      return 'fake-widget-' + widgets.length
    },
    reset() {},
    remove(id) { const w = widgets[Number(String(id).split('-').pop()) - 1]; if (w) w.button.remove() },
    getResponse() { return undefined },
  }
})()
`

// Upload helpers: fixture bytes from tests/fixtures/images and a multipart POST /api/uploads through the test app.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestApp } from './harness.ts'

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/images')

export const fixture = (name: string) => new Uint8Array(readFileSync(path.join(fixtures, name)))

export async function upload(t: TestApp, token: string, bytes: Uint8Array, options: { name?: string; type?: string; query?: string; headers?: Record<string, string> } = {}) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }), options.name ?? 'picture.png')
  return t.request('POST', `/api/uploads${options.query ?? ''}`, { token, rawBody: form, headers: options.headers })
}

/** Reads the served bytes of an upload (the harness's request() decodes text, which would mangle binary data). */
export async function download(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(url, { headers })
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) }
}

export const containsAscii = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1'))

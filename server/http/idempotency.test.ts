import { describe, expect, it } from 'vitest'
import { requestHash, withoutMultipartBoundary } from './idempotency.ts'

const enc = (text: string) => new TextEncoder().encode(text)
const multipart = (boundary: string) => enc(`--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\nDATA\r\n--${boundary}--\r\n`)

describe('request hashing for Idempotency-Key', () => {
  it('two uploads of the same file with different multipart boundaries hash alike', () => {
    const a = withoutMultipartBoundary(multipart('aaa111'), 'multipart/form-data; boundary=aaa111')
    const b = withoutMultipartBoundary(multipart('bbb222'), 'multipart/form-data; boundary="bbb222"')
    expect(requestHash('POST', '/api/uploads', a)).toBe(requestHash('POST', '/api/uploads', b))
  })

  it.each([
    ['another method', 'PUT', '/api/x', '{}'],
    ['another path', 'POST', '/api/y', '{}'],
    ['another query', 'POST', '/api/x?a=1', '{}'],
    ['another body', 'POST', '/api/x', '{"a":1}'],
  ])('%s hashes differently', (_what, method, path, body) => {
    expect(requestHash(method, path, enc(body))).not.toBe(requestHash('POST', '/api/x', enc('{}')))
  })

  it('leaves a JSON body as it is', () => {
    const body = enc('{"a":"--x"}')
    expect(withoutMultipartBoundary(body, 'application/json')).toBe(body)
  })
})

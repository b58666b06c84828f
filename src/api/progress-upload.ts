// Owns how long an upload may take: it is aborted only when no byte moved for a while, never at a fixed total time.
export type Timers = { setTimeout: (callback: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void }

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * A fetch that reports progress: `onProgress` is called whenever bytes went up or came down. It must reject when
 * `init.signal` aborts. In the browser's sync worker this is `xhrProgressFetch`; tests pass a throttled link.
 */
export type ProgressFetch = (input: string, init: RequestInit & { signal: AbortSignal }, onProgress: () => void) => Promise<Response>

/** Without progress events (fetch has none for a request body): a total cap that a slow uplink still meets. */
export function fallbackUploadCapMs(bytes: number, stallMs: number): number {
  // 8 KiB/s is about 65 kbit/s, slower than any uplink that can sync at all; plus the stall time for the answer.
  return stallMs + Math.ceil(bytes / 8_192) * 1_000
}

/**
 * Sends through `progressFetch` and aborts when `stallMs` pass without progress (the answer's wait counts as a stall
 * too: a server that takes the whole body and never answers is as stuck as a link that stopped).
 */
export async function fetchWithStallTimeout(progressFetch: ProgressFetch, input: string, init: RequestInit, stallMs: number, timers: Timers): Promise<Response> {
  const controller = new AbortController()
  let timer: unknown
  const rearm = () => {
    if (timer !== undefined) timers.clearTimeout(timer)
    timer = timers.setTimeout(() => controller.abort(new DOMException(`No upload progress for ${stallMs / 1000} s`, 'TimeoutError')), stallMs)
  }
  const outer = init.signal
  const onOuterAbort = () => controller.abort(outer?.reason)
  outer?.addEventListener('abort', onOuterAbort, { once: true })
  rearm()
  try {
    return await progressFetch(input, { ...init, signal: controller.signal }, rearm)
  } finally {
    if (timer !== undefined) timers.clearTimeout(timer)
    outer?.removeEventListener('abort', onOuterAbort)
  }
}

/**
 * XMLHttpRequest in a dedicated worker: the one browser API with upload progress over HTTP/1.1. A fetch with a
 * ReadableStream body (`duplex: 'half'`) could count bytes, but Chromium sends streamed bodies only over HTTP/2 or
 * later, and fetch has no upload progress otherwise. XHR exists in window and dedicated workers, not service workers.
 */
export const xhrProgressFetch: ProgressFetch = (input, init, onProgress) =>
  new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(init.method ?? 'GET', input)
    xhr.responseType = 'text'
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = () => onProgress()
    xhr.onprogress = () => onProgress()
    xhr.onload = () => {
      const headers = new Headers()
      const retryAfter = xhr.getResponseHeader('Retry-After')
      const contentType = xhr.getResponseHeader('Content-Type')
      if (retryAfter) headers.set('Retry-After', retryAfter)
      if (contentType) headers.set('Content-Type', contentType)
      const nullBody = [204, 205, 304].includes(xhr.status)
      resolve(new Response(nullBody ? null : xhr.responseText, { status: xhr.status, headers }))
    }
    xhr.onerror = () => reject(new TypeError('Failed to fetch'))
    xhr.ontimeout = () => reject(new TypeError('Failed to fetch'))
    xhr.onabort = () => reject(init.signal.reason ?? new DOMException('Aborted', 'AbortError'))
    if (init.signal.aborted) return xhr.abort()
    init.signal.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null)
  })

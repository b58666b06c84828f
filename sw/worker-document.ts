// Owns the visitor document as the worker serves it: the precached profile.html, marked as the worker's copy so the
// page reports the scan that the server, which never saw this opening, could not count (decision 105).
import { markServedByWorker } from '../src/lib/worker-document.ts'

/** A copy of the precached document with the mark in its head; status and headers stay as they were. */
export async function asWorkerDocument(precached: Response): Promise<Response> {
  const headers = new Headers(precached.headers)
  // The body changes length; a stale Content-Length would cut the page short.
  headers.delete('Content-Length')
  return new Response(markServedByWorker(await precached.text()), { status: precached.status, statusText: precached.statusText, headers })
}

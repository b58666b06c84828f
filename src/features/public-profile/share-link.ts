// Owns what 'Share' does on the visitor page: the phone's share sheet (Web Share API), else the link copied, and the
// toast that says so. Plain code, so the button works before React loads (decision 176).
import { showToast, type ToastInput } from './toast-store.ts'

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

/** Pure of the page: the browser's share and clipboard are passed in, so each path is tested. */
export async function shareLink(
  data: { title: string; url: string },
  nav: { share?: (data: ShareData) => Promise<void>; clipboard?: { writeText: (text: string) => Promise<void> } },
): Promise<ShareOutcome> {
  if (nav.share) {
    try {
      await nav.share(data)
      return 'shared'
    } catch (error) {
      // The visitor closed the sheet: nothing to say. Any other refusal falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
    }
  }
  try {
    if (!nav.clipboard) return 'failed'
    await nav.clipboard.writeText(data.url)
    return 'copied'
  } catch {
    return 'failed'
  }
}

/** Shares this page's address (without its #fragment) under the owner's name. */
export async function shareThisPage(title: string): Promise<void> {
  const url = window.location.href.split('#')[0] ?? window.location.href
  const outcome = await shareLink({ title, url }, navigator)
  if (outcome === 'copied') showToast({ title: 'Link copied', message: 'Paste it anywhere to share this page.', tone: 'green' })
  if (outcome === 'failed') showToast(linkToCopyByHand(url))
}

/**
 * The browser refused the clipboard: the visitor copies the link themselves. Not the spec's owner-facing 'Failed to share
 * your profile.' (this is someone else's page); it stays until closed, as copying by hand takes a while.
 */
export function linkToCopyByHand(url: string): ToastInput {
  return { title: 'Copy the link', message: 'This browser did not let the page copy it. Copy it from here to share this page:', link: url, autoCloseMs: null }
}

// Owns the visitor page's 'Share' button: the phone's share sheet (Web Share API), else the link copied.
import { IconShare } from '@tabler/icons-react'
import { useHydrated } from './page-context.ts'
import { showToast } from './toasts.tsx'

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

export function ShareButton({ title }: { title: string }) {
  const hydrated = useHydrated()
  return (
    <button
      type="button"
      className="qv-btn qv-btn-light"
      disabled={!hydrated}
      onClick={async () => {
        const url = window.location.href.split('#')[0] ?? window.location.href
        const outcome = await shareLink({ title, url }, navigator)
        if (outcome === 'copied') showToast({ title: 'Link copied', message: 'Paste it anywhere to share this page.', tone: 'green' })
        // The spec's texts for a share that did not work.
        if (outcome === 'failed') showToast({ title: 'Share failed', message: 'Failed to share your profile.', tone: 'red' })
      }}
    >
      <IconShare size={16} aria-hidden />
      Share
    </button>
  )
}

// Owns sharing a profile link: the device share sheet when there is one, otherwise a copy to the clipboard.

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

/** The parts of `navigator` sharing uses, so tests can hand in a fake device. */
export type ShareDevice = {
  share?: (data: ShareData) => Promise<void>
  clipboard?: { writeText: (text: string) => Promise<void> }
}

export async function shareProfileLink(url: string, device: ShareDevice): Promise<ShareOutcome> {
  if (typeof device.share === 'function') {
    try {
      await device.share({ title: 'My QR Tee profile', url })
      return 'shared'
    } catch (error) {
      // The visitor closed the share sheet: that is a choice, not a failure worth a red toast.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
      // Share sheets refuse some contexts (no user activation, desktop policies); the clipboard still works there.
    }
  }
  if (typeof device.clipboard?.writeText !== 'function') return 'failed'
  try {
    await device.clipboard.writeText(url)
    return 'copied'
  } catch {
    return 'failed'
  }
}

export type ShareToast = { title: string; message: string; color: 'green' | 'red' }

/** Spec section 8: 'Shared successfully', or 'Share failed' with 'Failed to share your profile.'; nothing when cancelled. */
export function shareToast(outcome: ShareOutcome): ShareToast | null {
  switch (outcome) {
    case 'shared':
      return { title: 'Shared successfully', message: 'Your profile link is on its way.', color: 'green' }
    case 'copied':
      return { title: 'Shared successfully', message: 'Link copied to clipboard.', color: 'green' }
    case 'failed':
      return { title: 'Share failed', message: 'Failed to share your profile.', color: 'red' }
    case 'cancelled':
      return null
  }
}

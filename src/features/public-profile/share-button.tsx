// Owns the visitor page's 'Share' button; what it does is share-link.ts, shared with the page's plain code.
import { IconShare } from '@tabler/icons-react'
import { SHARE_TITLE_ATTRIBUTE } from './dom-hooks.ts'
import { useHydrated } from './page-context.ts'
import { shareThisPage } from './share-link.ts'

export function ShareButton({ title }: { title: string }) {
  const hydrated = useHydrated()
  return (
    <button
      type="button"
      className="qv-btn qv-btn-light"
      disabled={!hydrated}
      {...{ [SHARE_TITLE_ATTRIBUTE]: title }}
      onClick={() => void shareThisPage(title)}
    >
      <IconShare size={16} aria-hidden />
      Share
    </button>
  )
}

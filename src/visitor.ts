// Entry of the visitor's document (profile.html), and all the script a first scan runs (decision 176): the server's
// HTML is already the whole page, so plain code makes it interactive ('More', Share, theme, offline notice), and React
// with the purchase flow loads only on the first Purchase tap (visitor-main.tsx), which then opens its sheet. A page
// without the server's HTML (the service worker's offline shell, a missing profile) is React's from the start.
// The stylesheet is imported here so that it is linked from the HTML (the server inlines it).
import './features/public-profile/public-profile.css'
import { apiPaths } from './contract/api-paths.ts'
import { EMBEDDED_PROFILE_ELEMENT_ID, ROOT_ELEMENT_ID } from './contract/names.ts'
import { profileIdOfPage } from './features/public-profile/page-address.ts'
import { keepTap, type PendingTap, RESUMED_PURCHASE_WORDS, takeTap, tapFailureWords } from './features/public-profile/purchase-replay.ts'
import { attemptsOf } from './features/public-profile/unanswered-purchases.ts'
import { startScanReports } from './features/public-profile/scan-beacon.ts'
import { startStaticPage } from './features/public-profile/static-page.ts'
import { showToast } from './features/public-profile/toast-store.ts'
import { applyStoredTheme, watchTheme } from './features/public-profile/visitor-theme.ts'
import { registerServiceWorker } from './features/shell/service-worker.ts'

applyStoredTheme()
watchTheme()
// Reports queued by an earlier offline opening go out now, or when the browser is back online.
startScanReports()

const root = document.getElementById(ROOT_ELEMENT_ID)
if (!root) throw new Error('profile.html has no #root element')

type ReactPage = { mountVisitorApp: (root: HTMLElement) => void }
let react: Promise<ReactPage> | undefined
/** The React page's code, fetched once; a failed fetch (the network dropped) may be tried again by the next tap. */
function loadReact(): Promise<ReactPage> {
  react ??= import('./visitor-main.tsx').catch((error: unknown) => {
    react = undefined
    throw error
  })
  return react
}

const afterNextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

const serverRendered = document.getElementById(EMBEDDED_PROFILE_ELEMENT_ID) !== null && root.firstElementChild !== null
if (serverRendered) {
  let handingOver: Promise<void> | undefined
  /** Compiling and running React's code in long tasks would hold back the frame that shows the tap answered. */
  const handOver = (tap: PendingTap): Promise<void> => {
    keepTap(tap)
    handingOver ??= afterNextFrame().then(loadReact).then(
      ({ mountVisitorApp }) => {
        page.stop()
        mountVisitorApp(root)
      },
      (error: unknown) => {
        handingOver = undefined
        // The last tap, not the one that started the loading: a visitor may tap another gift meanwhile.
        showToast({ ...tapFailureWords((takeTap() ?? tap).kind, navigator.onLine), tone: 'red' })
        throw error
      },
    )
    return handingOver
  }
  const page = startStaticPage(root, {
    onPurchaseIntent: () => void loadReact().catch(() => undefined),
    onPurchase: (itemId) => handOver({ kind: 'purchase', itemId }),
    onMessage: (itemId) => handOver({ kind: 'message', itemId }),
    shareableId: profileIdOfPage(window.location.pathname),
  })
  // A purchase whose answer was lost before a reload: if its gift now shows as bought, ask for the answer again.
  const shareableId = profileIdOfPage(window.location.pathname)
  if (shareableId !== undefined && attemptsOf(shareableId).length > 0 && navigator.onLine) {
    const gifts = page.boughtGifts()
    void import('./features/public-profile/resume-purchases.ts')
      .then(({ resumeUnansweredPurchases }) => resumeUnansweredPurchases(shareableId, new Set(gifts.keys())))
      .then((resumed) => {
        for (const { itemId } of resumed) showToast({ ...RESUMED_PURCHASE_WORDS(gifts.get(itemId) ?? ''), tone: 'green' })
        if (resumed.length > 0) page.offerMessages()
      })
      .catch(() => undefined)
  }
} else {
  void loadReact().then(({ mountVisitorApp }) => mountVisitorApp(root))
}

registerServiceWorker({
  onUpdateWaiting: (reload) =>
    showToast({ title: 'A new version is available', message: 'Reload to use it.', autoCloseMs: null, action: { label: 'Reload', onClick: reload } }),
  // The first visit loaded the profile before the worker existed; asking again through it saves the copy that an
  // offline re-scan opens.
  onFirstControl: () => {
    const shareableId = profileIdOfPage(window.location.pathname)
    if (shareableId === undefined) return
    void fetch(apiPaths.publicProfile(shareableId), { cache: 'no-cache' }).catch(() => undefined)
    // Photos already on screen come from the HTTP cache, so saving them costs no data; the rest wait for a visit.
    for (const image of Array.from(document.images)) {
      const url = new URL(image.currentSrc || image.src, window.location.href)
      if (image.complete && image.naturalWidth > 0 && url.origin === window.location.origin) void fetch(url).catch(() => undefined)
    }
  },
})

// Owns the visitor page before React (decision 176): the server's HTML made interactive by plain DOM code ('More',
// Share, the theme switch, the offline notice, toasts and the buyer's 'Send a message') until the first Purchase (or
// 'Send a message') tap hands the page to React.
import { readThemeChoice, THEME_CHOICES } from '../../lib/theme-storage.ts'
import { CARD_ITEM_ATTRIBUTE, MESSAGE_ITEM_ATTRIBUTE, OPENED_ATTRIBUTE, PURCHASE_ITEM_ATTRIBUTE, SHARE_TITLE_ATTRIBUTE } from './dom-hooks.ts'
import { awaitingMessages } from './remembered-purchases.ts'
import { OFFLINE_PURCHASE_REASON } from './purchase-flow.ts'
import { shareThisPage } from './share-link.ts'
import { drawToastsWithoutReact } from './static-toasts.ts'
import { setThemeChoice, subscribeTheme } from './visitor-theme.ts'

export type StaticPageHooks = {
  /** A Purchase button got the keyboard's focus: the purchase flow may start loading. */
  onPurchaseIntent: () => void
  /**
   * Purchase tapped, the button already marked busy: the item's confirmation sheet is React's, whose loading should
   * start after the next frame, so that the frame shows the mark. Resolves when React has the page, rejects when its
   * code could not be loaded (the tap then comes back to this page).
   */
  onPurchase: (itemId: string) => Promise<void>
  /** 'Send a message' tapped on a gift this browser bought: the message dialog is React's, loaded as for Purchase. */
  onMessage: (itemId: string) => Promise<void>
  /** The profile shown, whose purchases from this browser may still wait for their message. */
  shareableId: string | undefined
}

export type StaticPage = {
  /** Undoes every change React's hydration would not expect (the offline notice, the busy Purchase, the drawn toasts) and lets go. */
  stop: () => void
  /** The gifts shown as bought, with their names: those without a Purchase button. */
  boughtGifts: () => Map<string, string>
  /** Draws 'Send a message' for purchases remembered since the page started; nothing once React has the page. */
  offerMessages: () => void
}

const OFFLINE_REASON_ID = 'qv-offline-reason'
const PURCHASE = `button[${PURCHASE_ITEM_ATTRIBUTE}]`
const SHARE = `button[${SHARE_TITLE_ATTRIBUTE}]`
const THEME_RADIO = 'input[name="qv-theme"]'
const MESSAGE = `button[${MESSAGE_ITEM_ATTRIBUTE}]`

export function startStaticPage(root: HTMLElement, hooks: StaticPageHooks): StaticPage {
  const listening = new AbortController()
  const { signal } = listening
  const buttons = (selector: string) => Array.from(root.querySelectorAll<HTMLButtonElement>(selector))

  // The server renders these disabled so that no tap is swallowed before a script runs; this is that script.
  for (const button of buttons(`.qv-more, ${SHARE}`)) button.disabled = false
  for (const fieldset of root.querySelectorAll<HTMLFieldSetElement>('fieldset.qv-theme')) fieldset.disabled = false
  const showChoice = () => {
    const choice = readThemeChoice()
    for (const radio of root.querySelectorAll<HTMLInputElement>(THEME_RADIO)) radio.checked = radio.value === choice
  }
  showChoice()
  const stopThemeEcho = subscribeTheme(showChoice)
  const showConnection = () => showOffline(root, buttons(PURCHASE), !navigator.onLine)
  showConnection()
  window.addEventListener('online', showConnection, { signal })
  window.addEventListener('offline', showConnection, { signal })
  const region = root.querySelector<HTMLElement>('.qv-toasts')
  const stopToasts = region ? drawToastsWithoutReact(region) : () => undefined
  if (hooks.shareableId !== undefined) offerMessages(root, hooks.shareableId)

  root.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null
      const more = target?.closest<HTMLButtonElement>('button.qv-more')
      if (more) return toggleMore(more)
      const share = target?.closest<HTMLButtonElement>(SHARE)
      if (share) return void shareThisPage(share.getAttribute(SHARE_TITLE_ATTRIBUTE) ?? document.title)
      const message = target?.closest<HTMLButtonElement>(MESSAGE)
      const messageItemId = message?.getAttribute(MESSAGE_ITEM_ATTRIBUTE)
      if (message && messageItemId) {
        message.setAttribute('aria-busy', 'true')
        return void hooks.onMessage(messageItemId).catch(() => message.removeAttribute('aria-busy'))
      }
      const purchase = target?.closest<HTMLButtonElement>(PURCHASE)
      const itemId = purchase?.getAttribute(PURCHASE_ITEM_ATTRIBUTE)
      if (!purchase || !itemId) return
      // React and the sheet take most of a second to load on a slow phone: the tap is answered in the next frame
      // (onPurchase starts the loading only after it).
      purchase.setAttribute('aria-busy', 'true')
      hooks.onPurchase(itemId).catch(() => purchase.removeAttribute('aria-busy'))
    },
    { signal },
  )
  root.addEventListener(
    'change',
    (event) => {
      const radio = event.target instanceof HTMLInputElement && event.target.matches(THEME_RADIO) ? event.target : null
      const choice = THEME_CHOICES.find((option) => option === radio?.value)
      if (choice) setThemeChoice(choice)
    },
    { signal },
  )
  // The keyboard's focus on Purchase comes a while before Enter: the flow's code can start loading. Not a finger's
  // touch (nor the focus a tap gives): the code loading then would hold back the frame that shows the tap answered.
  root.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof Element && event.target.matches(`${PURCHASE}:focus-visible`)) hooks.onPurchaseIntent()
    },
    { signal },
  )

  return {
    boughtGifts: () => {
      const gifts = new Map<string, string>()
      for (const card of root.querySelectorAll(`[${CARD_ITEM_ATTRIBUTE}]`)) {
        const itemId = card.getAttribute(CARD_ITEM_ATTRIBUTE)
        if (itemId && !card.querySelector(PURCHASE)) gifts.set(itemId, card.querySelector('h2')?.textContent?.trim() ?? '')
      }
      return gifts
    },
    offerMessages: () => {
      if (!signal.aborted && hooks.shareableId !== undefined) offerMessages(root, hooks.shareableId)
    },
    stop: () => {
      listening.abort()
      stopThemeEcho()
      stopToasts()
      showOffline(root, buttons(PURCHASE), false)
      for (const button of buttons(PURCHASE)) button.removeAttribute('aria-busy')
      // React draws its own once hydrated (from the same storage); the server's HTML has none.
      for (const button of buttons(MESSAGE)) button.remove()
    },
  }
}

/** 'Send a message' on each bought gift whose purchase from this browser waits for its message, as wishlist-view.tsx. */
function offerMessages(root: HTMLElement, shareableId: string): void {
  for (const itemId of Object.keys(awaitingMessages(shareableId))) {
    const card = root.querySelector(`[${CARD_ITEM_ATTRIBUTE}="${CSS.escape(itemId)}"]`)
    const actions = card?.querySelector('.qv-actions')
    // Only while the gift shows as bought: an owner's 'Back on the wishlist' ended that purchase. Once per card.
    if (!actions || card?.querySelector(`button[${PURCHASE_ITEM_ATTRIBUTE}]`) || card?.querySelector(`button[${MESSAGE_ITEM_ATTRIBUTE}]`)) continue
    const button = document.createElement('button')
    button.type = 'button'
    button.className = 'qv-btn qv-btn-light'
    button.setAttribute(MESSAGE_ITEM_ATTRIBUTE, itemId)
    button.textContent = 'Send a message'
    actions.append(button)
  }
}

/** 'More' / 'Less' on a clamped text; the paragraph remembers it for React (expandable-text.tsx). */
function toggleMore(button: HTMLButtonElement): void {
  const paragraph = document.getElementById(button.getAttribute('aria-controls') ?? '')
  if (!paragraph) return
  const open = button.getAttribute('aria-expanded') !== 'true'
  paragraph.classList.toggle('qv-clamped', !open)
  paragraph.setAttribute(OPENED_ATTRIBUTE, String(open))
  button.setAttribute('aria-expanded', String(open))
  button.textContent = open ? 'Less' : 'More'
}

/** Offline, Purchase is disabled and the page says why above the gifts, as the React page does (wishlist-view.tsx). */
function showOffline(root: HTMLElement, purchases: HTMLButtonElement[], offline: boolean): void {
  for (const button of purchases) {
    button.disabled = offline
    if (offline) button.setAttribute('aria-describedby', OFFLINE_REASON_ID)
    else button.removeAttribute('aria-describedby')
  }
  const notice = document.getElementById(OFFLINE_REASON_ID)
  if (!offline || purchases.length === 0) return notice?.remove()
  if (notice) return
  const reason = document.createElement('p')
  reason.id = OFFLINE_REASON_ID
  reason.className = 'qv-alert qv-alert-warn qv-offline-reason'
  reason.setAttribute('role', 'status')
  reason.textContent = OFFLINE_PURCHASE_REASON
  root.querySelector('.qv-grid')?.before(reason)
}

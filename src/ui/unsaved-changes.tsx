// Owns asking before typing is thrown away: a form tells the frame around it whether it has changes, and the frame
// asks 'Discard your changes?' before it closes or leaves (decision 205).
import { Button, Group, Modal, Text } from '@mantine/core'
import { useBlocker } from '@tanstack/react-router'
import { createContext, type RefObject, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react'

/** Answers whether the form holds changes nobody saved; read only when something is about to close. */
export type UnsavedCheck = () => boolean

/** Where the open form puts its check; a ref, so telling the frame costs no render. */
export const UnsavedChangesSlot = createContext<RefObject<UnsavedCheck | null> | null>(null)

/** Called by a form inside a frame that asks: the latest `hasChanges` is read when the frame is about to close. */
export function useReportUnsaved(hasChanges: UnsavedCheck): void {
  const slot = useContext(UnsavedChangesSlot)
  const latest = useRef(hasChanges)
  useLayoutEffect(() => {
    latest.current = hasChanges
  })
  useLayoutEffect(() => {
    if (!slot) return undefined
    const check: UnsavedCheck = () => latest.current()
    slot.current = check
    return () => {
      if (slot.current === check) slot.current = null
    }
  }, [slot])
}

/** Where a navigation comes from or goes to, as the router's blocker says it. */
type Place = { pathname: string; search: unknown }

type LeaveGuardOptions = {
  /** Whether this navigation leaves the form (the router catching up with what is shown does not); default: another page. */
  shouldBlock?: (move: { current: Place; next: Place }) => boolean
  /** Read as something is about to leave or unload; false once the owner's own Save, Cancel or Discard let the form go. */
  hasChanges: () => boolean
}

const toAnotherPage = ({ current, next }: { current: Place; next: Place }) => current.pathname !== next.pathname

/** What DiscardChangesDialog needs while a navigation waits for the answer; `words` when it is not the usual question. */
export type LeaveQuestion = { opened: boolean; keep: () => void; discard: () => void; words?: QuestionWords }

type QuestionWords = Pick<AskProps, 'message' | 'discardLabel'>

/**
 * The session ended elsewhere (the app is sending the owner to /login): what is typed can still be saved on this
 * device, where it waits with the other unsent changes for the next sign-in (decision 205).
 */
export const SIGNED_OUT_WORDS: QuestionWords = {
  message: 'You were signed out. What you typed here is not saved yet: keep editing to save it on this device, and it is sent after you sign in again.',
  discardLabel: 'Discard and sign in',
}

/** When the app last sent the owner to /login because the session ended (the router's blocker sees no reason). */
let sessionEndedAt = Number.NEGATIVE_INFINITY

/** Called just before that navigation, so a form that blocks it says why. */
export function leavingForSignIn(): void {
  sessionEndedAt = Date.now()
}

/** The navigation just blocked is that one: to /login, asked within the last few seconds. */
const isLeavingForSignIn = (next: Place) => next.pathname === '/login' && Date.now() - sessionEndedAt < 5_000

/**
 * In-app navigation away from changes (links, Back) waits for 'Discard your changes?'; a reload or a closed tab gets
 * the browser's own question. Keep stays (the navigation is undone), discard lets the navigation go on.
 */
export function useLeaveGuard(options: LeaveGuardOptions): LeaveQuestion {
  const latest = useRef(options)
  useLayoutEffect(() => {
    latest.current = options
  })
  // Stable functions reading the latest options: the router keeps one blocker for the form's life.
  const [shouldBlockFn] = useState(() => (move: { current: Place; next: Place }) => (latest.current.shouldBlock ?? toAnotherPage)(move) && latest.current.hasChanges())
  const [enableBeforeUnload] = useState(() => () => latest.current.hasChanges())
  const leaving = useBlocker({ shouldBlockFn, enableBeforeUnload, withResolver: true })
  // Read once, as the question opens: a later render must not change its words.
  const [asked, setAsked] = useState<{ blocked: boolean; signedOut: boolean }>({ blocked: false, signedOut: false })
  const blocked = leaving.status === 'blocked'
  if (asked.blocked !== blocked) setAsked({ blocked, signedOut: blocked && isLeavingForSignIn(leaving.next) })
  const signedOut = blocked && asked.signedOut
  return { opened: blocked, keep: () => leaving.reset?.(), discard: () => leaving.proceed?.(), ...(signedOut && { words: SIGNED_OUT_WORDS }) }
}

type AskProps = { opened: boolean; onKeep: () => void; onDiscard: () => void; message?: string; discardLabel?: string }

/** The question itself; Escape and a tap outside keep editing, and focus goes back where it was. */
export function DiscardChangesDialog({ opened, onKeep, onDiscard, message, discardLabel = 'Discard' }: AskProps) {
  // Keep editing goes back to the field that was being typed in.
  // Read as it opens, in the render: by its effects the question's own focus trap has taken the focus.
  const lastField = useLastTypingField()
  const [typingIn, setTypingIn] = useState<{ opened: boolean; field: HTMLElement | null }>({ opened, field: null })
  if (typingIn.opened !== opened) setTypingIn({ opened, field: opened ? fieldToReturnTo(lastField) : typingIn.field })
  const keep = () => {
    onKeep()
    const field = typingIn.field
    // After the dialog below takes its focus trap back, which first focuses its first control (in a task of its own).
    if (field) requestAnimationFrame(() => setTimeout(() => field.isConnected && field.focus()))
  }
  return (
    <Modal
      opened={opened}
      onClose={keep}
      title="Discard your changes?"
      centered
      zIndex={400}
      withCloseButton={false}
      transitionProps={{ duration: 0, exitDuration: 0 }}
      // Its own keys only: Mantine's window listener would also take the very Escape that opened it and close it again.
      closeOnEscape={false}
      onKeyDown={(event) => event.key === 'Escape' && keep()}
    >
      <Text size="sm">{message ?? 'What you typed here is not saved yet.'}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={keep} data-autofocus>
          Keep editing
        </Button>
        <Button color="red" onClick={onDiscard}>
          {discardLabel}
        </Button>
      </Group>
    </Modal>
  )
}

const TYPING_FIELD = 'textarea, select, [contenteditable=""], [contenteditable="true"], input:not([type=button], [type=submit], [type=reset], [type=checkbox], [type=radio], [type=file], [type=image], [type=range], [type=color])'

/** The last field typed in on the page, kept by focus: a tap on a link or a button takes the focus from it first. */
function useLastTypingField(): RefObject<HTMLElement | null> {
  const last = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const keep = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target.matches(TYPING_FIELD)) last.current = event.target
    }
    document.addEventListener('focusin', keep)
    return () => document.removeEventListener('focusin', keep)
  }, [])
  return last
}

/** A keyboard owner goes back to the control they were on; a tap's focus on a link or button (or none) was incidental. */
function fieldToReturnTo(lastField: RefObject<HTMLElement | null>): HTMLElement | null {
  const active = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
  if (active && (active.matches(TYPING_FIELD) || active.matches(':focus-visible'))) return active
  return lastField.current?.isConnected ? lastField.current : active
}

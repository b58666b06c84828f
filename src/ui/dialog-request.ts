// Owns a tap's request for one of the dashboard's dialogs (Edit on a card): the dashboard opens the dialog in the tap's
// own render, a discrete one React finishes before the next paint, then moves the address there. The router's own
// navigation reaches the page only after its asynchronous steps, as a transition rendered in slices (decision 178).
import { createContext, use } from 'react'

export type DialogRequest = { modal: 'edit'; id: string }

/** Null outside the dashboard: a caller then navigates as usual. */
export const DialogRequestContext = createContext<((request: DialogRequest) => void) | null>(null)

export function useDialogRequest(): ((request: DialogRequest) => void) | null {
  return use(DialogRequestContext)
}

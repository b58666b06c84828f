// Owns where keyboard focus goes when a card is deleted: its card is gone, and focus left on nothing falls to <body>.

/** The card whose Edit takes focus: the next one, else the previous; null when the grid is empty ('Add wishlist item'). */
export function neighbourOf(ids: readonly string[], deletedId: string): string | null {
  const index = ids.indexOf(deletedId)
  if (index < 0) return null
  return ids[index + 1] ?? ids[index - 1] ?? null
}

/** Focuses that card's Edit, or 'Add wishlist item' when none is left. */
export function focusNeighbour(neighbourId: string | null): void {
  const selector = neighbourId === null ? '[data-add-item]' : `[data-edit-id="${CSS.escape(neighbourId)}"]`
  document.querySelector<HTMLElement>(selector)?.focus()
}

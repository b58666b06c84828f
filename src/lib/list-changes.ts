// Owns the per-element merge of a list field whose elements carry an id (social links, decision 157): what a device changed, folded and applied.

/** An element of a merged list: its id is given once, by the device that adds it, and never changes. */
export type Identified = { id: number }

/**
 * What a device did to a list, element by element. `add`: new elements (appended, in this order); `edit`: elements
 * that existed when the device saw the list (changed where they stand; gone meanwhile: the delete wins); `remove`: ids.
 */
export type ListChanges<T extends Identified> = { add?: T[]; edit?: T[]; remove?: number[] }

/** The ids a device gives new elements: far above the small numbers the server counts up from, never below 1. */
const CLIENT_ID_MIN = 2 ** 32
const CLIENT_ID_SPAN = 2 ** 52 - CLIENT_ID_MIN

/** A fresh element id, chosen offline; a clash with an id of the same list has a chance of about n/2^52. */
export function newElementId(random: () => number = Math.random): number {
  return CLIENT_ID_MIN + Math.floor(random() * CLIENT_ID_SPAN)
}

/**
 * `current` with `changes` applied. Edits replace their element where it stands and are dropped when it is gone (a
 * delete elsewhere wins); adds are appended, or replace the element of their id if it is there already (the same add
 * applied twice); removals drop their ids. Applying the same changes again gives the same list.
 */
export function applyListChanges<T extends Identified>(current: readonly T[], changes: ListChanges<T>): T[] {
  const removed = new Set(changes.remove ?? [])
  const replaced = new Map<number, T>()
  for (const element of [...(changes.edit ?? []), ...(changes.add ?? [])]) replaced.set(element.id, element)
  const present = new Set(current.map((element) => element.id))
  const kept = current.map((element) => replaced.get(element.id) ?? element)
  const appended: T[] = []
  for (const element of changes.add ?? []) {
    if (present.has(element.id)) continue
    present.add(element.id)
    appended.push(replaced.get(element.id) ?? element)
  }
  return [...kept, ...appended].filter((element) => !removed.has(element.id))
}

/**
 * What turned `before` into `after`: elements of `after` whose id `before` lacks are adds, those whose value differs
 * are edits, ids of `before` missing from `after` are removals. Unchanged elements are not named; empty parts are left out.
 */
export function listChanges<T extends Identified>(before: readonly T[], after: readonly T[], same: (a: T, b: T) => boolean): ListChanges<T> {
  const earlier = new Map(before.map((element) => [element.id, element]))
  const later = new Set(after.map((element) => element.id))
  const add = after.filter((element) => !earlier.has(element.id))
  const edit = after.filter((element) => {
    const was = earlier.get(element.id)
    return was !== undefined && !same(was, element)
  })
  const remove = before.filter((element) => !later.has(element.id)).map((element) => element.id)
  return {
    ...(add.length > 0 && { add }),
    ...(edit.length > 0 && { edit }),
    ...(remove.length > 0 && { remove }),
  }
}

/** Two changes made one after the other, as one (for an unsent outbox entry that takes a later edit). */
export function foldListChanges<T extends Identified>(earlier: ListChanges<T>, later: ListChanges<T>): ListChanges<T> {
  const add = new Map((earlier.add ?? []).map((element) => [element.id, element]))
  const edit = new Map((earlier.edit ?? []).map((element) => [element.id, element]))
  const remove = new Set(earlier.remove ?? [])
  for (const element of later.add ?? []) {
    remove.delete(element.id)
    add.set(element.id, element)
  }
  for (const element of later.edit ?? []) {
    // An edit of an element this same entry adds is still its add: the server has never seen it.
    if (add.has(element.id)) add.set(element.id, element)
    else edit.set(element.id, element)
  }
  for (const id of later.remove ?? []) {
    edit.delete(id)
    // An element added and removed before anything went out never needs to reach the server.
    if (!add.delete(id)) remove.add(id)
  }
  return {
    ...(add.size > 0 && { add: [...add.values()] }),
    ...(edit.size > 0 && { edit: [...edit.values()] }),
    ...(remove.size > 0 && { remove: [...remove] }),
  }
}

export function isEmptyListChange(changes: ListChanges<Identified>): boolean {
  return !changes.add?.length && !changes.edit?.length && !changes.remove?.length
}

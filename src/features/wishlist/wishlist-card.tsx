// Owns one card of the owner's wishlist grid: picture, name, brand, price, what was paid, Edit and Delete.
// A light card (decision 110): the classes of Mantine's Card, Text, Group and Button on plain elements, because 200
// cards of full Mantine components took most of a second to render on a slow phone; and no wrapper or attribute the
// look does not need (decision 185): the picture is the card's first child, the title row only holds a badge.
import { Badge, Button, Card, Center, Group, Image, Paper, Stack, Text, UnstyledButton } from '@mantine/core'
import { memo, type MouseEvent } from 'react'
import type { LocalItem, OwnerDatabase } from '../../local/db.ts'
import { formatEuro } from '../../lib/money.ts'
import { useImagePreview } from './use-image-preview.ts'
import classes from './wishlist-card.module.css'
import { isItemPurchased, paidAmount } from './wishlist-stats.ts'

type Props = {
  db: OwnerDatabase
  item: LocalItem
  /** The address of the item's edit dialog, and the client-side navigation a plain click makes instead. */
  editHref: string
  onEdit: (id: string) => void
  onDelete: (item: LocalItem) => void
}

const cx = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ')
const CARD = cx(Card.classes.root, 'mantine-Card-root', Paper.classes.root, 'mantine-Paper-root', classes.card)
const TEXT = cx('mantine-focus-auto', Text.classes.root, 'mantine-Text-root')
const STACK = cx(Stack.classes.root, 'mantine-Stack-root', classes.details)
const GROUP = cx(Group.classes.root, 'mantine-Group-root')
const BUTTON = cx('mantine-focus-auto mantine-active', Button.classes.root, 'mantine-Button-root', UnstyledButton.classes.root, 'mantine-UnstyledButton-root', classes.button)
/**
 * A button's icon is Tabler's edit or trash icon at 14 px, drawn by the stylesheet on the button itself (a mask of the
 * icon's own SVG in currentColor, as the icon components stroke it): 400 inline SVGs were the grid's largest single
 * cost (decision 110), and their 400 empty spans went too (decision 178). The button lays out icon and label itself,
 * without Mantine's inner and label wrappers: 800 fewer elements per grid.
 */
const EDIT_BUTTON = cx(BUTTON, classes.light, classes.icon, classes.editIcon)
const DELETE_BUTTON = cx(BUTTON, classes.subtle, classes.icon, classes.trashIcon)
const PHOTO = cx(Image.classes.root, 'mantine-Image-root', classes.picture, classes.photo)
const SMALL_DIMMED = cx(TEXT, classes.small, classes.dimmed)
const NO_PHOTO = cx(Center.classes.root, 'mantine-Center-root', classes.picture, classes.noImage, SMALL_DIMMED)
const TITLE_ROW = cx(GROUP, classes.titleRow)
const NAME = cx(TEXT, classes.name)
const PRICE = cx(TEXT, classes.price)
const ACTIONS = cx(GROUP, classes.actions)

/** What a router link does with a click: a plain left click navigates in the page, anything else is the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey
}

/** Only a picture picked on this device needs the local database; a stored one is its address (a plain function). */
function PendingPicture({ db, item }: { db: OwnerDatabase; item: LocalItem }) {
  return picture(item.name, useImagePreview(db, item))
}

/** Photos load as their card nears the viewport: 200 cards do not fetch every photo before the first ones show. */
function picture(name: string, src: string | null) {
  if (src) return <img className={PHOTO} alt={name} src={src} loading="lazy" />
  return <div className={NO_PHOTO}>No image</div>
}

function WishlistCardView({ db, item, editHref, onEdit, onDelete }: Props) {
  const purchased = isItemPurchased(item)
  const name = (
    <p className={NAME} data-line-clamp="true">
      {item.name}
    </p>
  )
  return (
    <div className={CARD}>
      {item.localImageId ? <PendingPicture db={db} item={item} /> : picture(item.name, item.imageUrl)}
      <div className={STACK}>
        {purchased ? (
          <div className={TITLE_ROW}>
            {name}
            <Badge color="green" variant="light" className={classes.badge}>
              Purchased
            </Badge>
          </div>
        ) : (
          name
        )}
        <p className={SMALL_DIMMED}>
          {item.brand}
        </p>
        <p className={PRICE}>
          {formatEuro(item.price)}
          {purchased ? (
            <Text span size="sm" c="dimmed" ml={6}>
              (paid {formatEuro(paidAmount(item))})
            </Text>
          ) : null}
        </p>
      </div>
      <div className={ACTIONS}>
        <a
          className={EDIT_BUTTON}
          aria-label={`Edit ${item.name}`}
          data-edit-id={item.id}
          href={editHref}
          onClick={(event) => {
            if (!isPlainClick(event)) return
            event.preventDefault()
            onEdit(item.id)
          }}
        >
          Edit
        </a>
        <button
          className={DELETE_BUTTON}
          type="button"
          aria-label={`Delete ${item.name}`}
          onClick={() => onDelete(item)}
        >
          Delete
        </button>
      </div>
    </div>
  )
}

/** Same fields, same card: a live query hands out new objects for unchanged rows, so identity says too little. */
function sameItem(a: LocalItem, b: LocalItem): boolean {
  if (a === b) return true
  const keys = Object.keys(a) as (keyof LocalItem)[]
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]))
}

export const WishlistCard = memo(
  WishlistCardView,
  (before, after) =>
    before.db === after.db && before.editHref === after.editHref && before.onEdit === after.onEdit && before.onDelete === after.onDelete && sameItem(before.item, after.item),
)

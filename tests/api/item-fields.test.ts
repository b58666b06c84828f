// Every list of an item's editable fields agrees with the contract's table (issue 22): the payloads, the product form,
// the local and server writes, the item view, the change feed, the visitor's view and the export.
import 'fake-indexeddb/auto'
import * as v from 'valibot'
import { beforeAll, expect, it } from 'vitest'
import { PublicWishlistItemSchema } from '../../src/contract/profile.ts'
import { ITEM_FIELD_NAMES, ItemCreateSchema, type ItemFields, ItemUpdateSchema, ProductFormSchema, WishlistItemSchema } from '../../src/contract/wishlist.ts'
import { editedItemFields, EMPTY_PRODUCT_FORM, toItemFields, toProductFormValues, validateProductForm } from '../../src/features/wishlist/product-form-values.ts'
import { itemQuery } from '../../src/local/queries.ts'
import { sampleItemFields } from '../../src/local/testing.ts'
import { createItem, updateItem } from '../../src/local/writes.ts'
import { createDevice } from '../../src/sync/testing.ts'
import { describeEachDatabase, TestApp } from './harness.ts'
import { signUpOwner, validItem } from './owner-helpers.ts'
import { pushFaultInjector } from './push-faults.ts'
import { fixture, upload } from './upload-helpers.ts'

const FIELDS = [...ITEM_FIELD_NAMES].sort()
/** `imageUrl` comes from an upload or a link preview, never from typing. */
const TYPED = FIELDS.filter((field) => field !== 'imageUrl')

/**
 * Two values per field, each passing the contract; a new field without its values does not compile. The image
 * addresses become the owner's own uploads in the test: the server takes no other (6c9d750).
 */
const FIRST: Required<Omit<ItemFields, 'storedImageId'>> = {
  name: 'Field table',
  brand: 'Contract',
  description: 'Every editable field, set once.',
  price: 42.5,
  imageUrl: '/api/uploads/replaced-by-an-upload-of-the-owner',
  productUrl: 'https://shop.example/first',
}
const SECOND: typeof FIRST = {
  name: 'Field table again',
  brand: 'Contract two',
  description: 'Every editable field, set twice.',
  price: 17.25,
  imageUrl: '/api/uploads/replaced-by-another-upload',
  productUrl: 'https://shop.example/second',
}

const keys = (object: object, ...besides: string[]) => Object.keys(object).filter((key) => !besides.includes(key)).sort()
const only = (object: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.map((field) => [field, object[field]]))

it.each([
  ['ItemCreateSchema', keys(ItemCreateSchema.entries, 'id', 'storedImageId'), FIELDS],
  ['ItemUpdateSchema', keys(ItemUpdateSchema.pipe[0].entries, 'storedImageId', 'removeStoredImage'), FIELDS],
  ['WishlistItemSchema', keys(WishlistItemSchema.entries, 'id', 'isPurchased', 'purchaseStatus', 'purchasedPrice', 'storedImageId'), FIELDS],
  ['PublicWishlistItemSchema', keys(PublicWishlistItemSchema.entries, 'id', 'isPurchased'), FIELDS],
  ['ProductFormSchema', keys(ProductFormSchema.entries), TYPED],
  ['the form of an item', keys(toProductFormValues(FIRST)), TYPED],
  ['the empty form and its messages', keys({ ...EMPTY_PRODUCT_FORM, ...validateProductForm({ ...EMPTY_PRODUCT_FORM, productUrl: 'javascript:x' }) }), TYPED],
  ['what Save writes', keys(toItemFields(toProductFormValues(FIRST))), TYPED],
  ['what Save writes after an edit of every field', keys(editedItemFields(toProductFormValues(FIRST), toProductFormValues(SECOND))), TYPED],
])('%s lists the contract fields', (_where, derived, expected) => {
  expect(derived).toEqual(expected)
})

it.each([
  ['validItem (tests/api/owner-helpers.ts)', validItem()],
  ['sampleItemFields (src/local/testing.ts)', sampleItemFields()],
])('the fixture %s passes a create', (_name, fixture) => {
  expect(v.safeParse(ItemCreateSchema, fixture).issues).toBeUndefined()
})

describeEachDatabase('every editable field travels: local write, push, server, change feed, visitor, export', (getDatabase) => {
  let t: TestApp
  beforeAll(async () => {
    t = new TestApp(await getDatabase())
  })

  it('a create and an edit of every field reach each view with the value written', async () => {
    const owner = await signUpOwner(t, 'itemfields')
    const { fetch } = pushFaultInjector(t)
    const writer = await createDevice({ fetch, tokens: owner })
    const reader = await createDevice({ fetch, tokens: owner })
    expect(await writer.engine.syncOnce()).toBe('synced')
    const imageOf = async () => String((await upload(t, owner.token, fixture('small.png'))).json.url)
    const first = { ...FIRST, imageUrl: await imageOf() }
    const second = { ...SECOND, imageUrl: await imageOf() }
    const id = await createItem(writer.db, first)

    for (const values of [first, second]) {
      if (values === second) await updateItem(writer.db, id, second)
      expect(only({ ...(await itemQuery(writer.db, id)) }, FIELDS), 'the local row').toEqual(values)
      expect(await writer.engine.syncOnce()).toBe('synced')
      const served = await t.request('GET', `/api/wishlist-items/${id}`, { token: owner.token })
      expect(only(served.json, FIELDS), 'the item view').toEqual(values)
      expect(await reader.engine.syncOnce()).toBe('synced')
      expect(only({ ...(await itemQuery(reader.db, id)) }, FIELDS), "another device's pull").toEqual(values)
      const visitor = await t.request('GET', `/api/profiles/${owner.shareableId}`)
      const shown = visitor.json.wishlist.find((item: { id: string }) => item.id === id)
      expect(only(shown, FIELDS), "the visitor's view").toEqual(values)
      const exported = await t.request('GET', '/api/users/me/export', { token: owner.token })
      const row = exported.json.wishlistItems.find((item: { id: string }) => item.id === id)
      expect(only(row, FIELDS), 'the export').toEqual(values)
    }
  })
})

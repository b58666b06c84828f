import { describe, expect, it } from 'vitest'
import { ITEM_MESSAGES } from '../../contract/wishlist.ts'
import { LocalStorageFullError, ProfileNotLoadedError } from '../../local/write-errors.ts'
import { editedItemFields, EMPTY_PRODUCT_FORM, fillFromPreview, saveFailureMessage, toItemFields, toProductFormValues, validateProductForm, type ProductFormValues } from './product-form-values.ts'
import { previewSource } from './product-image.ts'

const valid: ProductFormValues = { name: 'Blue bike', brand: 'Bikes Inc', price: 120.5, description: 'A bike that is blue and fast' }

describe('product form validation shows the spec message on its field', () => {
  const cases: Array<{ name: string; values: ProductFormValues; expected: Record<string, string> }> = [
    { name: 'valid values pass', values: valid, expected: {} },
    { name: "a one-letter name: 'Product name must be at least 2 characters.'", values: { ...valid, name: 'B' }, expected: { name: 'Product name must be at least 2 characters.' } },
    { name: 'a name of spaces counts as empty', values: { ...valid, name: '   ' }, expected: { name: 'Product name must be at least 2 characters.' } },
    { name: "a short description: 'Description must be at least 10 characters.'", values: { ...valid, description: 'short' }, expected: { description: 'Description must be at least 10 characters.' } },
    { name: "an empty price: 'Price must be a positive number.'", values: { ...valid, price: '' }, expected: { price: 'Price must be a positive number.' } },
    { name: "a negative price: 'Price must be a positive number.'", values: { ...valid, price: -1 }, expected: { price: 'Price must be a positive number.' } },
    { name: 'a price of 0 is allowed (min 0)', values: { ...valid, price: 0 }, expected: {} },
    { name: 'a numeric text price is read as a number', values: { ...valid, price: '12.50' }, expected: {} },
    { name: "typed '1.299,00 €' is a price", values: { ...valid, price: '1.299,00 €' }, expected: {} },
    { name: "'5.9999': 'Price can have at most 2 decimals.'", values: { ...valid, price: '5.9999' }, expected: { price: 'Price can have at most 2 decimals.' } },
    { name: "'5.999': asked about (5999 or 5.999?)", values: { ...valid, price: '5.999' }, expected: { price: ITEM_MESSAGES.priceAmbiguous } },
    { name: "'1,299' could be 1299 or 1.299: asked, not guessed", values: { ...valid, price: '1,299' }, expected: { price: ITEM_MESSAGES.priceAmbiguous } },
    { name: "'12a': 'Price must be a positive number.'", values: { ...valid, price: '12a' }, expected: { price: 'Price must be a positive number.' } },
    { name: "an empty brand: 'Brand is required.'", values: { ...valid, brand: ' ' }, expected: { brand: 'Brand is required.' } },
    {
      name: 'an empty form shows every message at once',
      values: EMPTY_PRODUCT_FORM,
      expected: {
        name: 'Product name must be at least 2 characters.',
        brand: 'Brand is required.',
        price: 'Price must be a positive number.',
        description: 'Description must be at least 10 characters.',
      },
    },
  ]
  for (const { name, values, expected } of cases) {
    it(name, () => expect(validateProductForm(values)).toEqual(expected))
  }
})

describe('form values to and from items', () => {
  it('an existing item fills the form; no item gives an empty form', () => {
    expect(toProductFormValues({ name: 'Kite', brand: 'Sky', price: 9.99, description: 'A red kite for windy days' })).toEqual({
      name: 'Kite',
      brand: 'Sky',
      price: 9.99,
      description: 'A red kite for windy days',
    })
    expect(toProductFormValues(undefined)).toEqual(EMPTY_PRODUCT_FORM)
  })

  it('the written fields are trimmed and the price is a number', () => {
    expect(toItemFields({ ...valid, name: '  Blue bike ', price: '7.5' })).toEqual({ ...valid, name: 'Blue bike', price: 7.5 })
    expect(toItemFields({ ...valid, price: '1.299,00' })).toEqual({ ...valid, price: 1299 })
  })
})

describe('an edit saves only the fields the owner changed since the form opened', () => {
  const cases: Array<{ name: string; values: ProductFormValues; expected: Record<string, unknown> }> = [
    { name: 'nothing changed: nothing', values: valid, expected: {} },
    { name: 'a rename alone', values: { ...valid, name: 'Red bike' }, expected: { name: 'Red bike' } },
    { name: 'the price as typed text', values: { ...valid, price: '99' }, expected: { price: 99 } },
    { name: 'the same price as text is no change', values: { ...valid, price: '120.5' }, expected: {} },
    { name: 'trailing spaces are no change', values: { ...valid, brand: 'Bikes Inc  ' }, expected: {} },
  ]
  for (const { name, values, expected } of cases) {
    it(name, () => expect(editedItemFields(valid, values)).toEqual(expected))
  }
})

describe('save failure toasts (spec section 8)', () => {
  const cases = [
    { step: 'create' as const, error: new Error('boom'), expected: 'Failed to create product. Please try again.' },
    { step: 'update' as const, error: new Error('boom'), expected: 'Failed to update product. Please try again.' },
    { step: 'image' as const, error: new Error('boom'), expected: 'Failed to save product. Please try again.' },
    { step: 'create' as const, error: new ProfileNotLoadedError(), expected: 'Profile is not loaded. Please try again.' },
    { step: 'update' as const, error: new LocalStorageFullError(), expected: new LocalStorageFullError().message },
  ]
  for (const { step, error, expected } of cases) {
    it(`${step} + ${error.name}: '${expected}'`, () => expect(saveFailureMessage(step, error)).toBe(expected))
  }
})

describe('image preview', () => {
  it('the preview shows the freshest picture: picked file, then pending upload, then the stored address', () => {
    const picked = new Blob(['a'], { type: 'image/png' })
    const pending = new Blob(['b'], { type: 'image/png' })
    expect(previewSource({ pickedBlob: picked, pendingBlob: pending, imageUrl: '/api/uploads/1' })).toEqual({ kind: 'blob', blob: picked })
    expect(previewSource({ pickedBlob: null, pendingBlob: pending, imageUrl: '/api/uploads/1' })).toEqual({ kind: 'blob', blob: pending })
    expect(previewSource({ pickedBlob: null, pendingBlob: undefined, imageUrl: '/api/uploads/1' })).toEqual({ kind: 'url', url: '/api/uploads/1' })
    expect(previewSource({ pickedBlob: null, pendingBlob: undefined, imageUrl: null })).toBeNull()
  })
})

describe('a link preview fills only what is still empty', () => {
  const empty: ProductFormValues = { ...EMPTY_PRODUCT_FORM, productUrl: 'https://shop.example/p' }
  const page = { name: 'Mug', brand: 'Trail', description: 'A sturdy enamel mug', price: 24.9, currency: 'EUR', imageId: 'img-1' }
  it.each<[string, ProductFormValues, typeof page | Record<string, unknown>, boolean, ReturnType<typeof fillFromPreview>]>([
    [
      'an empty form takes everything',
      empty,
      page,
      false,
      { values: { name: 'Mug', brand: 'Trail', description: 'A sturdy enamel mug', price: 24.9 }, filled: ['name', 'brand', 'description', 'price'], imageId: 'img-1' },
    ],
    [
      'typed fields and an image stay',
      { ...empty, name: 'My mug', price: 20 },
      page,
      true,
      { values: { brand: 'Trail', description: 'A sturdy enamel mug' }, filled: ['brand', 'description'] },
    ],
    ['a price in dollars is shown, never filled', empty, { name: 'Lamp', price: 49.99, currency: 'USD' }, false, { values: { name: 'Lamp' }, filled: ['name'], otherCurrencyPrice: '49.99 USD' }],
    ['a price without a currency is shown, never filled', empty, { price: 12 }, false, { values: {}, filled: [], otherCurrencyPrice: '12.00' }],
  ])('%s', (_, current, preview, hasImage, expected) => {
    expect(fillFromPreview(current, preview, hasImage)).toEqual(expected)
  })
})

describe('the product link', () => {
  it('is checked (https only) and saved with the item', () => {
    expect(validateProductForm({ ...valid, productUrl: 'http://shop.example/x' })).toEqual({ productUrl: 'Please enter a valid product link (https://...).' })
    expect(toItemFields({ ...valid, productUrl: 'shop.example/mug' })).toEqual({ ...valid, productUrl: 'https://shop.example/mug' })
    expect(editedItemFields({ ...valid, productUrl: '' }, { ...valid, productUrl: 'https://shop.example/mug' })).toEqual({ productUrl: 'https://shop.example/mug' })
    expect(editedItemFields({ ...valid, productUrl: 'https://shop.example/mug' }, { ...valid, productUrl: 'https://shop.example/mug' })).toEqual({})
  })
})

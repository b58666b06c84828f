import { describe, expect, it } from 'vitest'
import { SHOP_PAGES } from '../../tests/shop-pages.ts'
import { parsePrice, parseProductPage, type PageProduct } from './parse-product.ts'

const BASE = 'https://shop.example/p/1'

describe('parseProductPage', () => {
  it.each<[keyof typeof SHOP_PAGES, PageProduct]>([
    [
      'jsonLd',
      {
        name: 'Enamel Camping Mug',
        brand: 'Trail & Co',
        description: 'A sturdy enamel mug for coffee by the fire, 350 ml.',
        price: 24.9,
        currency: 'EUR',
        image: 'https://shop.example/img/photo.png',
      },
    ],
    [
      'graph',
      {
        name: 'Wool Hiking Socks',
        brand: 'Fjellfot',
        description: 'Merino wool socks that keep feet warm and dry on long hikes.',
        price: 19.5,
        currency: 'EUR',
        image: 'https://cdn.example/socks.png',
      },
    ],
    [
      'microdata',
      {
        name: 'Cast Iron Pan',
        brand: 'Ferro',
        description: 'A 28 cm cast iron pan that lasts for generations.',
        price: 1299,
        currency: 'EUR',
        image: 'https://shop.example/img/pan.png',
      },
    ],
    [
      'openGraph',
      { name: 'Linen Apron', description: 'A washed linen apron with two deep pockets.', price: 39, currency: 'EUR', image: 'https://cdn.example/apron.jpg' },
    ],
    ['usd', { name: 'Trail Headlamp', brand: 'Lumen', price: 49.99, currency: 'USD' }],
    ['twitter', { name: 'Bamboo Cutting Board', description: 'A bamboo board with a juice groove.', image: 'https://shop.example/img/board.png' }],
    ['basics', { name: 'Plain Teapot', description: 'A simple white porcelain teapot.' }],
    ['none', {}],
    ['brokenJsonLd', { name: 'Fallback name' }],
  ])('%s', (page, expected) => {
    expect(parseProductPage(SHOP_PAGES[page], BASE)).toEqual(expected)
  })

  it('drops image addresses that are not http(s) and trims overlong names', () => {
    const html = `<meta property="og:title" content="${'x'.repeat(500)}"><meta property="og:image" content="javascript:alert(1)">`
    const parsed = parseProductPage(html, BASE)
    expect(parsed.name).toHaveLength(200)
    expect(parsed.image).toBeUndefined()
  })

  it('leaves the currency out when the page names none', () => {
    expect(parseProductPage('<meta property="product:price:amount" content="12">', BASE)).toEqual({ price: 12 })
  })
})

describe('parsePrice', () => {
  it.each([
    [19.99, 19.99],
    ['19.99', 19.99],
    ['19,99', 19.99],
    ['€ 1.299,00', 1299],
    ['1,299.00', 1299],
    ['1,299', 1299],
    ['2.5', 2.5],
    ['12.345', 12345],
    ['free', undefined],
    [-5, undefined],
    [Number.NaN, undefined],
    ['99999999', undefined],
    [{}, undefined],
  ])('%j -> %s', (raw, expected) => {
    expect(parsePrice(raw)).toBe(expected)
  })
})

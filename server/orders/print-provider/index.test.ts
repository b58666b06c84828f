// The catalog cache: the first read waits, later reads are answered at once, an old value is served while a refresh
// runs behind it, and a failed refresh keeps the old value.
import { describe, expect, it } from 'vitest'
import { demoProvider } from './demo.ts'
import { staleWhileRevalidate } from './index.ts'

describe('staleWhileRevalidate', () => {
  it('loads once, serves stale after the ttl while refreshing, and keeps the old value when a refresh fails', async () => {
    let clock = 0
    let loads = 0
    let failNext = false
    let release: () => void = () => {}
    const read = staleWhileRevalidate(
      async () => {
        loads += 1
        if (failNext) throw new Error('provider down')
        await new Promise<void>((resolve) => (release = resolve))
        return `v${loads}`
      },
      1000,
      () => clock,
    )
    const first = read()
    const concurrent = read()
    release()
    expect(await first).toBe('v1')
    expect(await concurrent).toBe('v1')
    expect(loads).toBe(1)

    clock = 500
    expect(await read()).toBe('v1')
    expect(loads).toBe(1)

    clock = 2000
    expect(await read()).toBe('v1') // stale, refresh started behind it
    expect(loads).toBe(2)
    release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(await read()).toBe('v2')

    clock = 5000
    failNext = true
    expect(await read()).toBe('v2')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(await read()).toBe('v2')
  })
})

describe('demo catalog', () => {
  it('offers two tees in XS-3XL, the world with US/CA/AU states, regional rates, and keeps its draft orders', async () => {
    const demo = demoProvider()
    const products = await demo.products()
    expect(products).toHaveLength(2)
    expect(products[0]?.sync_variants.map((v) => v.size)).toEqual(['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'])
    const countries = await demo.countries()
    expect(countries.length).toBeGreaterThan(200)
    for (const code of ['US', 'CA', 'AU']) expect(countries.find((c) => c.code === code)?.states?.length).toBeGreaterThan(5)
    expect(countries.find((c) => c.code === 'DE')).toEqual({ code: 'DE', name: 'Germany', states: null })

    const recipient = { name: 'A', address1: 'B', city: 'C', country_code: 'DE', state_code: '', zip: '10115' }
    const items = [{ variant_id: 4011, quantity: 2 }]
    expect(await demo.shippingRates(recipient, items)).toEqual(await demo.shippingRates(recipient, items))
    const rates = await demo.shippingRates(recipient, items)
    expect(rates[0]).toEqual({ id: 'STANDARD', name: 'Flat Rate (3-5 business days)', rate: '6.49', currency: 'EUR' })
    const us = await demo.shippingRates({ ...recipient, country_code: 'US', state_code: 'NY' }, items)
    expect(us[0]?.rate).not.toBe(rates[0]?.rate)

    const draft = {
      externalId: 'x1',
      shipping: 'STANDARD',
      recipient,
      items: [{ variant_id: 4011, sync_variant_id: 900101, quantity: 2, retail_price: '24.50', name: 'n', files: [{ type: 'default' as const, url: 'u' }] }],
    }
    const order = await demo.createDraftOrder(draft)
    expect(order.costs).toEqual({ subtotal: '49.00', shipping: '6.49', total: '55.49', currency: 'EUR' })
    expect((await demo.getOrder(order.id)).externalId).toBe('x1')
    expect((await demo.getOrderByExternalId('x1'))?.id).toBe(order.id)
    expect(await demo.getOrderByExternalId('x2')).toBeNull()
    await expect(demo.createDraftOrder(draft)).rejects.toMatchObject({ status: 400 })
  })
})

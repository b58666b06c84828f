// The soak's oracle catches each way sync can go wrong: a lost, reordered or doubled write, a lost or resurrected item, a device that differs.
import { describe, expect, it } from 'vitest'
import type { Executed } from './network.ts'
import { discardIntents, itemSubject, LINK_ADDED, linkSubject, newIntents, violations, type Intents, type Observed } from './oracle.ts'

const ID = '00000000-0000-4000-8000-000000000001'
const OTHER = '00000000-0000-4000-8000-000000000002'
const PROFILE = { id: 'p', description: 'start', contactInfo: 'c@example.test', isPublic: true, profileImageId: null, profileImageUrl: null, socialLinks: [] }
const ORDER = { id: 'order-1', status: 'inprocess' }
const PURCHASE = { id: 'purchase-1', wishlistItemId: ID, purchasedAt: '2026-01-01T00:00:00.000Z', priceAtPurchase: 1.25 }
const item = (id: string, fields: Record<string, unknown> = {}) => ({ id, name: 'n1', price: 1.25, brand: 'b1', description: 'd1', productUrl: null, storedImageId: null, ...fields })

let seq = 0
const OWNER = 'owner-1'
const op = (device: string, method: string, path: string, body: Record<string, unknown> = {}): Executed => ({ device, user: OWNER, seq: seq++, method, path, body })
const create = (device: string, id: string) => op(device, 'POST', '/api/wishlist-items/profile/p', { id, name: 'n1', price: 1.25, brand: 'b1', description: 'd1' })
const edit = (device: string, id: string, body: Record<string, unknown>) => op(device, 'PUT', `/api/wishlist-items/${id}`, body)

/** Device a created ITEM (n1) and renamed it n2, then b renamed it n3 after pulling: the base case holds. */
function base(): { intents: Intents; observed: Observed } {
  const intents = newIntents()
  intents.created.set(ID, 'a')
  for (const [field, value] of Object.entries({ name: 'n1', price: 1.25, brand: 'b1', description: 'd1' })) intents.writes.push({ device: 'a', subject: itemSubject(ID), field, value })
  intents.writes.push({ device: 'a', subject: itemSubject(ID), field: 'name', value: 'n2' })
  // b had pulled n2 when it wrote n3.
  intents.writes.push({ device: 'b', subject: itemSubject(ID), field: 'name', value: 'n3', held: 'n2' })
  const serverItem = item(ID, { name: 'n3' })
  const observed: Observed = {
    owner: OWNER,
    initialProfile: PROFILE,
    server: { profile: { ...PROFILE, wishlist: [serverItem] }, items: [serverItem], purchases: [PURCHASE], orders: [ORDER], unreferencedImages: [] },
    devices: ['a', 'b'].map((device) => ({
      device,
      profile: { ...PROFILE, localImageId: null },
      items: [{ ...serverItem, position: 1, localImageId: null }],
      purchases: [PURCHASE],
      orders: [ORDER],
      unsent: 0,
      pendingImages: 0,
    })),
    executed: [create('a', ID), edit('a', ID, { name: 'n2' }), edit('b', ID, { name: 'n3' })],
  }
  return { intents, observed }
}

describe('the soak oracle', () => {
  it('holds for a consistent end state', () => {
    const { intents, observed } = base()
    expect(violations(intents, observed)).toEqual([])
  })

  const broken: { what: string; change: (case_: ReturnType<typeof base>) => void; reports: RegExp }[] = [
    {
      what: "a device's last write never ran (lost)",
      change: ({ observed }) => observed.executed.splice(2, 1),
      reports: /name from b: its last write was "n3", the last the server ran from it undefined/,
    },
    {
      what: "a device's older write ran after its newer one (reordered, or run twice)",
      change: ({ intents, observed }) => {
        intents.writes.push({ device: 'b', subject: itemSubject(ID), field: 'name', value: 'n4' })
        observed.executed.push(edit('b', ID, { name: 'n4' }), edit('b', ID, { name: 'n3' }))
      },
      reports: /name from b: its last write was "n4", the last the server ran from it "n3"/,
    },
    {
      what: 'a write ran twice, over a newer one from another device',
      change: ({ observed }) => {
        observed.executed.push(edit('a', ID, { name: 'n2' }))
        observed.server.items[0] = item(ID, { name: 'n2' })
        for (const device of observed.devices) device.items = [{ ...item(ID, { name: 'n2' }), position: 1, localImageId: null }]
      },
      reports: /name: the write of "n2" ran 2 times/,
    },
    {
      what: 'the server holds another value than the last operation it ran',
      change: ({ observed }) => {
        observed.server.items[0] = item(ID, { name: 'n2' })
      },
      reports: /name: the server holds "n2", the last operation it ran set "n3"/,
    },
    {
      what: 'an item created and never deleted is missing (lost)',
      change: ({ observed }) => {
        observed.server.items = []
      },
      reports: /is lost on the server/,
    },
    {
      what: 'a deleted item is back (resurrected)',
      change: ({ intents }) => intents.deleted.add(ID),
      reports: /resurrected/,
    },
    {
      what: 'an item is on the server twice (doubled)',
      change: ({ observed }) => observed.server.items.push(item(ID, { name: 'n3' })),
      reports: /on the server twice/,
    },
    {
      what: 'a create ran twice',
      change: ({ observed }) => observed.executed.push(create('a', ID)),
      reports: /created by 2 operations/,
    },
    {
      what: "a device's image picks arrived one short",
      change: ({ intents }) => intents.writes.push({ device: 'a', subject: itemSubject(ID), field: 'image', value: 'set' }),
      reports: /image from a: the owner did \["set"\], the server ran \[\]/,
    },
    {
      what: 'a device holds another value than the server',
      change: ({ observed }) => {
        const device = observed.devices[1]
        if (device) device.items = [{ ...item(ID, { name: 'n2' }), position: 1, localImageId: null }]
      },
      reports: /device b item .* name: server "n3", device "n2"/,
    },
    {
      what: 'a device still has something to send',
      change: ({ observed }) => {
        const device = observed.devices[0]
        if (device) device.unsent = 1
      },
      reports: /device a still has 1 outbox entries/,
    },
    {
      what: 'a device holds an item the server does not',
      change: ({ observed }) => observed.devices[0]?.items.push({ ...item(OTHER), position: 2, localImageId: null }),
      reports: new RegExp(`device a holds item ${OTHER}`),
    },
    {
      what: 'the visibility switch moved without any device touching it',
      change: ({ observed }) => {
        observed.server.profile = { ...observed.server.profile, isPublic: false }
      },
      reports: /profile isPublic: the server holds false, the last operation it ran set true/,
    },
    {
      what: 'a value a device held when it wrote a newer one wins (judged from the intents, whatever the log says)',
      change: ({ observed }) => {
        observed.executed.push(edit('a', ID, { name: 'n2' }))
        observed.executed.splice(1, 1)
        observed.server.items[0] = item(ID, { name: 'n2' })
        for (const device of observed.devices) device.items = [{ ...item(ID, { name: 'n2' }), position: 1, localImageId: null }]
      },
      reports: /name: the server holds "n2", which device b held when it wrote "n3"/,
    },
    {
      what: 'a write ran with another owner\'s token',
      change: ({ observed }) => observed.executed.push({ ...edit('a', ID, {}), user: 'someone-else' }),
      reports: /device a's PUT .* ran with another owner's token/,
    },
    {
      what: 'a social link created and never removed is missing',
      change: ({ intents, observed }) => {
        intents.writes.push({ device: 'a', subject: linkSubject(7), field: LINK_ADDED, value: true })
        intents.writes.push({ device: 'a', subject: linkSubject(7), field: 'url', value: 'https://x.example.test/1' })
        observed.executed.push(op('a', 'PUT', '/api/profiles', { socialLinkChanges: { add: [{ id: 7, platform: 'Website', url: 'https://x.example.test/1' }] } }))
      },
      reports: /link 7 \(created on a\) is lost on the server/,
    },
    {
      what: "a device's purchases differ from the server's",
      change: ({ observed }) => {
        const device = observed.devices[1]
        if (device) device.purchases = []
      },
      reports: /device b purchases \[\], server/,
    },
    {
      what: "a device's order is behind the server's (a webhook's change never arrived)",
      change: ({ observed }) => {
        const device = observed.devices[0]
        if (device) device.orders = [{ ...ORDER, status: 'draft' }]
      },
      reports: /device a orders .*"draft".*, server .*"inprocess"/,
    },
    {
      what: 'an image nothing references is left after the sweep',
      change: ({ observed }) => {
        observed.server.unreferencedImages = ['img-1']
      },
      reports: /image img-1 is on the server with nothing referencing it/,
    },
  ]

  it('a discarded write is no longer expected', () => {
    const { intents, observed } = base()
    intents.writes.push({ device: 'b', subject: itemSubject(ID), field: 'name', value: 'n4 poison-refuse', entry: 9 })
    expect(violations(intents, observed).join('\n')).toMatch(/its last write was "n4 poison-refuse"/)
    discardIntents(intents, 'b', [9])
    expect(violations(intents, observed)).toEqual([])
  })

  for (const { what, change, reports } of broken) {
    it(`reports ${what}`, () => {
      const broken = base()
      change(broken)
      expect(violations(broken.intents, broken.observed).join('\n')).toMatch(reports)
    })
  }
})

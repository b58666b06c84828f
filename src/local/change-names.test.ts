import { describe, expect, it } from 'vitest'
import { changeNames } from './change-names.ts'

const link = (id: number) => ({ id, platform: 'Web', url: `https://example.test/${id}` })

describe('changeNames: what an entry changes, in the form\'s words', () => {
  const cases: { name: string; body: unknown; expected: string[] }[] = [
    {
      name: "the tester's refused save: a bio and 5 links",
      body: { description: 'My offline bio', socialLinkChanges: { add: [1, 2, 3, 4, 5].map(link) } },
      expected: ['Description', '5 new social links'],
    },
    { name: 'one link of each kind', body: { socialLinkChanges: { add: [link(1)], edit: [link(2)], remove: [3] } }, expected: ['1 new social link', '1 changed social link', '1 removed social link'] },
    { name: 'empty link changes say nothing', body: { socialLinkChanges: {} }, expected: [] },
    { name: 'an older entry with the whole list', body: { socialLinks: [] }, expected: ['Social links'] },
    { name: 'the visibility switch and a contact', body: { isPublic: false, contactInfo: 'x' }, expected: ['Visibility', 'Contact info'] },
    { name: "an item's create: its fields, not its id", body: { id: 'x', name: 'Kite', price: 9 }, expected: ['Name', 'Price'] },
    { name: 'a field the table does not know is named as it is', body: { somethingNew: 1 }, expected: ['somethingNew'] },
    { name: 'undefined values are not changes', body: { name: undefined, brand: 'Acme' }, expected: ['Brand'] },
    { name: 'no body (a delete)', body: undefined, expected: [] },
  ]
  for (const { name, body, expected } of cases) {
    it(name, () => expect(changeNames({ body })).toEqual(expected))
  }
})

import { describe, expect, it } from 'vitest'
import { PURCHASE_FAILED_TITLE, PURCHASE_FAILURE_MESSAGES } from './purchase-flow.ts'
import { keepTap, type PendingTap, takeTap, tapFailureWords } from './purchase-replay.ts'

describe('the tap kept while the page loads', () => {
  it('is taken once', () => {
    keepTap({ kind: 'purchase', itemId: 'a' })
    expect(takeTap()).toEqual({ kind: 'purchase', itemId: 'a' })
    expect(takeTap()).toBeNull()
  })

  it('is the last one when two taps of different kinds came before the page loaded, so one dialog opens', () => {
    keepTap({ kind: 'purchase', itemId: 'a' })
    keepTap({ kind: 'message', itemId: 'b' })
    expect(takeTap()).toEqual({ kind: 'message', itemId: 'b' })
    expect(takeTap()).toBeNull()
  })
})

describe('tapFailureWords', () => {
  const cases: Array<[PendingTap['kind'], boolean, { title: string; message: string }]> = [
    ['purchase', true, { title: PURCHASE_FAILED_TITLE, message: PURCHASE_FAILURE_MESSAGES.unknown }],
    ['purchase', false, { title: PURCHASE_FAILED_TITLE, message: PURCHASE_FAILURE_MESSAGES.offline }],
    [
      'message',
      true,
      { title: 'The message could not be opened', message: 'Something went wrong. Your gift is bought; please tap Send a message again.' },
    ],
    [
      'message',
      false,
      { title: 'The message could not be opened', message: 'You are offline. Your gift is bought; send your message when you are back online.' },
    ],
  ]
  it.each(cases)('a %s tap, online %s', (kind, online, words) => {
    expect(tapFailureWords(kind, online)).toEqual(words)
  })

  it('never says a message tap failed as a payment', () => {
    for (const online of [true, false]) expect(tapFailureWords('message', online).title).not.toMatch(/payment/i)
  })
})

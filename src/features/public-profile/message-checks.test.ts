import { describe, expect, it } from 'vitest'
import { VISITOR_MESSAGE_MAX } from '../../contract/purchase.ts'
import { fieldOfRefusal, messageProblems } from './message-checks.ts'
import { MESSAGE_FIELD_ERRORS } from './purchase-flow.ts'

describe('messageProblems', () => {
  it('marks an empty field with its own text, as before', () => {
    expect(messageProblems({ email: ' ', message: '' })).toEqual({ email: MESSAGE_FIELD_ERRORS.email, message: MESSAGE_FIELD_ERRORS.message })
  })

  it("puts 'Please enter a valid email address.' on the email field", () => {
    expect(messageProblems({ email: 'not-an-email', message: 'Thanks!' })).toEqual({ email: 'Please enter a valid email address.' })
  })

  it(`puts a message over ${VISITOR_MESSAGE_MAX} characters on the message field`, () => {
    expect(messageProblems({ email: 'a@example.com', message: 'x'.repeat(VISITOR_MESSAGE_MAX + 1) })).toEqual({
      message: `A message may have at most ${VISITOR_MESSAGE_MAX} characters.`,
    })
  })

  it('puts a control character on the message field, and lets lines and tabs through', () => {
    expect(messageProblems({ email: 'a@example.com', message: 'Hi\u0007' })).toEqual({
      message: 'Your message contains characters that cannot be sent. Please remove them.',
    })
    expect(messageProblems({ email: 'a@example.com', message: 'Hi\n\tthere' })).toEqual({})
  })

  it('finds nothing in a valid message', () => {
    expect(messageProblems({ email: 'a@example.com', message: 'x'.repeat(VISITOR_MESSAGE_MAX) })).toEqual({})
  })
})

describe('fieldOfRefusal', () => {
  it.each([
    ['Please enter a valid email address.', 'email'],
    ['Your email may have at most 254 characters.', 'email'],
    [`A message may have at most ${VISITOR_MESSAGE_MAX} characters.`, 'message'],
    ['Your message contains characters that cannot be sent. Please remove them.', 'message'],
    ['A message was already sent with this purchase.', null],
  ])('%s -> %s', (error, field) => {
    expect(fieldOfRefusal(error)).toBe(field)
  })
})

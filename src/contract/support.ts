// The contact-support message (spec sections 3 and 5): the form's fields, the server's bounds and their messages.
import * as v from 'valibot'
import { noControlCharacters } from './text.ts'
import { LIMITS } from './limits.ts'

/** Upper bounds of our own (the spec sets none for the form); each refusal names its field. */
export const SUPPORT_LIMITS = { nameMax: 100, emailMax: LIMITS.emailMax, messageMax: 5000, captchaTokenMax: 2048 } as const

export const SUPPORT_MESSAGES = {
  nameRequired: 'Name is required.',
  nameMax: `Name must be at most ${SUPPORT_LIMITS.nameMax} characters.`,
  email: 'Please enter a valid email address.',
  messageRequired: 'Message is required.',
  messageMax: `Message must be at most ${SUPPORT_LIMITS.messageMax} characters.`,
  captchaToken: 'The captcha answer is malformed. Please complete the captcha again.',
  /** Spec sections 5 and 8, verbatim. */
  captchaMissing: 'Please complete the captcha before sending.',
  captchaBlocked: 'Captcha was blocked by your browser policy. Submitting without captcha.',
  sendFailed: 'Failed to send message. Please try again.',
} as const

/** The Turnstile widget's action on the contact form; siteverify names it back and the server checks it. */
export const SUPPORT_CAPTCHA_ACTION = 'support-contact'

const required = (missing: string, tooLong: string, max: number, label: string, multiLine = false) =>
  v.pipe(v.string(missing), v.trim(), v.nonEmpty(missing), noControlCharacters(label, { multiLine }), v.maxLength(max, tooLong))

// A missing field reads as empty, so its refusal names the field like an empty one does.
export const SupportMessageSchema = v.object({
  name: v.optional(required(SUPPORT_MESSAGES.nameRequired, SUPPORT_MESSAGES.nameMax, SUPPORT_LIMITS.nameMax, 'Name'), ''),
  email: v.optional(
    v.pipe(v.string(SUPPORT_MESSAGES.email), v.trim(), v.maxLength(SUPPORT_LIMITS.emailMax, SUPPORT_MESSAGES.email), v.email(SUPPORT_MESSAGES.email)),
    '',
  ),
  message: v.optional(required(SUPPORT_MESSAGES.messageRequired, SUPPORT_MESSAGES.messageMax, SUPPORT_LIMITS.messageMax, 'Message', true), ''),
  captchaToken: v.optional(v.pipe(v.string(SUPPORT_MESSAGES.captchaToken), v.maxLength(SUPPORT_LIMITS.captchaTokenMax, SUPPORT_MESSAGES.captchaToken))),
})
export type SupportMessageInput = v.InferInput<typeof SupportMessageSchema>

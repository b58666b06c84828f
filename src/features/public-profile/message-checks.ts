// Owns which field of the visitor's message dialog a problem belongs to: the blank checks of the dialog, the server's
// own rules (the contract's schema) before sending, and a refusal of the server's after it.
import * as v from 'valibot'
import { VISITOR_MESSAGE_ERRORS, VisitorMessageSchema } from '../../contract/purchase.ts'
import { type MessageField, type MessageProblems, validateMessage } from './purchase-flow.ts'

const FIELD_OF_REFUSAL = new Map<string, MessageField>([
  [VISITOR_MESSAGE_ERRORS.email, 'email'],
  [VISITOR_MESSAGE_ERRORS.emailMax, 'email'],
  [VISITOR_MESSAGE_ERRORS.messageMax, 'message'],
  [VISITOR_MESSAGE_ERRORS.messageControl, 'message'],
])

/** Empty fields first (spec section 5), then what the server would refuse, each on its own field. */
export function messageProblems(fields: { email: string; message: string }): MessageProblems {
  const problems = validateMessage(fields)
  for (const issue of v.safeParse(VisitorMessageSchema, fields).issues ?? []) {
    const field = v.getDotPath(issue)
    if ((field === 'email' || field === 'message') && problems[field] === undefined) problems[field] = issue.message
  }
  return problems
}

/** The field a server's refusal is about, so its text goes under that field; null for a refusal of the whole message. */
export function fieldOfRefusal(error: string): MessageField | null {
  return FIELD_OF_REFUSAL.get(error) ?? null
}

// Owns what a refused sign-in says on /login and where: the spec's 'Login failed' words, and whether the fields are
// what was wrong (marked, focus on Password) or not (no answer, the rate limit: focus on the alert that says so).
import { ApiError, failureMessage } from '../../api/client.ts'

export type LoginRefusal = { message: string; fieldsWrong: boolean }

/** Spec 8: 'Login failed' with the error message, or 'Invalid email or password.' */
export function loginRefusal(error: unknown): LoginRefusal {
  return { message: failureMessage(error, 'Invalid email or password.'), fieldsWrong: error instanceof ApiError && error.status === 401 }
}

/** The first field, in the form's order, that a refused submit marked: where focus goes. */
export function firstInvalidField<F extends string>(order: readonly F[], errors: Partial<Record<string, unknown>>): F | undefined {
  return order.find((field) => Boolean(errors[field]))
}

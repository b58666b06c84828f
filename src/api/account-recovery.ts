// The browser's calls of issue 24: forgot/reset password, email verification, /users/me (email, Google link) and devices.
import * as v from 'valibot'
import { ApiError, apiCall, SessionEndedError } from './client.ts'
import { readTokens } from './tokens.ts'
import { MeSchema, type PasswordLinkPurpose, PasswordLinkSchema } from '../contract/account-recovery.ts'
import { DevicesSchema } from '../contract/devices.ts'

const MessageSchema = v.object({ message: v.string() })

export const requestPasswordReset = (email: string) =>
  apiCall(MessageSchema, '/auth/forgot-password', { method: 'POST', body: { email }, auth: false })
export const resetPassword = (token: string, password: string) =>
  apiCall(MessageSchema, '/auth/reset-password', { method: 'POST', body: { token, password }, auth: false })
export const undoEmailChange = (token: string, password: string) =>
  apiCall(MessageSchema, '/auth/undo-email-change', { method: 'POST', body: { token, password }, auth: false })
/**
 * What a password link is for, spending nothing (decision 203). A device with a session sends it, so the answer says
 * whether the link is for this device's own account.
 */
export const checkPasswordLink = (token: string, purpose: PasswordLinkPurpose) => {
  const stored = readTokens()
  const ask = (auth: boolean) => apiCall(PasswordLinkSchema, '/auth/password-link', { method: 'POST', body: { token, purpose }, auth })
  if (stored.token === null && stored.refreshToken === null) return ask(false)
  // This device's session turned out to be over: that says nothing about the link, which is asked about again alone.
  return ask(true).catch((err: unknown) => (err instanceof SessionEndedError ? ask(false) : Promise.reject(err)))
}
export const verifyEmail = (token: string) => apiCall(MessageSchema, '/auth/verify-email', { method: 'POST', body: { token }, auth: false })
export const resendVerification = () => apiCall(MessageSchema, '/users/me/verification-email', { method: 'POST' })
export const fetchMe = () => apiCall(MeSchema, '/users/me')
/** The confirmation link sent again: the server's sentence, or the refusal's, or a plain one when nothing answered. */
export const resendVerificationSentence = (): Promise<string> =>
  resendVerification().then(
    (answer) => answer.message,
    (err: unknown) => (err instanceof ApiError ? err.message : 'The link could not be sent. Please try again later.'),
  )
/** What the email-confirmation pieces of the owner app call (src/ui/use-email-confirmation.ts). */
export const emailConfirmationCalls = { fetchMe, resend: resendVerificationSentence }
export const fetchDevices = () => apiCall(DevicesSchema, '/users/me/devices')
export const signOutDevice = (id: string) => apiCall(MessageSchema, `/users/me/devices/${encodeURIComponent(id)}`, { method: 'DELETE' })
export const changeEmail = (email: string, currentPassword?: string) =>
  apiCall(MessageSchema, '/users/me/email', { method: 'PUT', body: currentPassword ? { email, currentPassword } : { email } })
export const disconnectGoogle = (currentPassword?: string) =>
  apiCall(MessageSchema, '/users/me/google', { method: 'DELETE', ...(currentPassword ? { body: { currentPassword } } : {}) })
export const signOutOtherDevices = () => apiCall(MessageSchema, '/users/me/devices/sign-out-others', { method: 'POST' })

/**
 * Reads a mailed link's token once and takes it out of the address bar and history at once, so it is not kept there,
 * shown over a shoulder, or sent anywhere later (the page also answers no-store and no-referrer).
 */
export function takeTokenFromAddress(): string {
  if (typeof window === 'undefined') return ''
  const url = new URL(window.location.href)
  const token = url.searchParams.get('token') ?? ''
  if (token) {
    url.searchParams.delete('token')
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`)
  }
  return token
}

// How an owner signs in (password and/or Google), 'Set a password' for an account made by Google sign-in, and what
// deleting such an account asks instead of a password; shared by the settings page and the server (decision 102).
import * as v from 'valibot'
import { noControlCharacters } from './text.ts'
import { MESSAGES } from './auth.ts'
import { LIMITS } from './limits.ts'

export const SIGN_IN_METHOD_MESSAGES = {
  alreadyHasPassword: 'This account already has a password. Change it with your current password instead.',
  passwordSet: 'Your password is set. You can now also sign in with your email and password.',
  confirmUsernameRequired: 'Please type your username to delete your account.',
  confirmUsernameWrong: 'The username you typed does not match this account.',
  noPasswordToCheck: 'This account has no password: it signs in with Google. Type your username to confirm instead.',
} as const

/** GET /api/users/me/sign-in-methods */
export const SignInMethodsSchema = v.object({ username: v.string(), hasPassword: v.boolean(), google: v.boolean() })
export type SignInMethods = v.InferOutput<typeof SignInMethodsSchema>

/** PUT /api/users/me/password: only for an account without a password, so no current password exists to ask for. */
export const SetPasswordSchema = v.object({
  newPassword: v.pipe(
    v.string(MESSAGES.newPassword),
    v.minLength(LIMITS.passwordChangeMin, MESSAGES.newPassword),
    v.maxLength(LIMITS.passwordMax, MESSAGES.passwordMax),
  ),
})

/** DELETE /api/users/me: `currentPassword` for an account with a password, `confirmUsername` for one without. */
export const AccountDeleteRequestSchema = v.object({
  currentPassword: v.optional(v.string()),
  confirmUsername: v.optional(v.pipe(v.string(), noControlCharacters('Username'), v.maxLength(LIMITS.usernameMax + 10, SIGN_IN_METHOD_MESSAGES.confirmUsernameWrong))),
})

/**
 * Why a Google sign-in failed, as the server sends it in `/oauth/callback?error=`: a fixed set of codes (never free
 * text, so a crafted link cannot make the page say anything of its own); the page turns each into a sentence.
 */
export const OAUTH_ERROR_CODES = ['cancelled', 'provider_error', 'expired', 'unverified_email', 'account_exists', 'account_exists_no_mail', 'other_browser', 'refused', 'unavailable', 'too_many_attempts', 'already_linked', 'google_already_connected'] as const
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number]

/** POST /api/auth/oauth/exchange: the one-time code /oauth/callback received (issue 24, decision 134). */
export const OAuthExchangeSchema = v.object({
  code: v.pipe(v.string('The sign-in code is missing.'), v.minLength(1, 'The sign-in code is missing.'), v.maxLength(128, 'The sign-in code is invalid.')),
})

/** POST /api/auth/oauth/google/connect: 'Connect Google' for the signed-in owner (issue 24); answers `{ url }`. */
export const GoogleConnectSchema = v.object({ redirectUri: v.string(), signInState: v.string() })

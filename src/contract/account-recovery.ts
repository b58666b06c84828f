// Password reset, email verification and the recent sign-in that sensitive changes need (issue 24): payloads and the
// sentences the server answers and the pages show.
import * as v from 'valibot'
import { EmailSchema, MESSAGES, RegisterSchema } from './auth.ts'

export const RECOVERY_MESSAGES = {
  forgotSent: 'If an account uses this email, we have sent it a link to choose a new password. The link works for 1 hour.',
  resetInvalid: 'This reset link is invalid, already used or expired. Please ask for a new one.',
  resetDone: 'Your password is changed and every device signed in to this account is signed out. Sign in with your new password.',
  verifyInvalid: 'This confirmation link is invalid, already used or expired. Please ask for a new one.',
  verified: 'Your email address is confirmed.',
  alreadyVerified: 'Your email address is already confirmed.',
  verificationSent: 'We have sent a new confirmation link to your email address.',
  mailUnavailable: 'Email is not set up on this server, so no link can be mailed. Please ask the operator of this site.',
  tokenRequired: 'This link is incomplete. Please open the link from the mail again.',
  recentSignInRequired: 'For your safety, please confirm it is you: enter your current password, or sign in again.',
  emailChanged: 'Your email address is changed. We have sent a confirmation link to the new address.',
  emailUnchanged: 'This is already your email address.',
  takeBackGoogleRemoved: 'Google sign-in was disconnected too: connect your Google account again in Profile settings if you use it.',
  takeBackInvalid:
    'This link is invalid, already used or expired, so nothing was changed. If your account still has this email, ask for a new password from the sign-in page; otherwise contact support.',
  /** Said by a link's page when its call got no answer or a 'later': nothing was spent, the same link goes again. */
  linkStillWorks: 'Your link still works: please try again.',
} as const

/** The take-back link's answer (decision 198): the address given back, or the one the account keeps. */
export const takeBackDone = (email: string) =>
  `Your account is yours again: its email is ${email} again, your new password is set and every device signed in to this account is signed out. Sign in with this email and your new password.`
export const takeBackAddressTaken = (oldEmail: string, email: string) =>
  `Your new password is set and every device signed in to this account is signed out, but ${oldEmail} now belongs to another QR Tee account, so this account keeps the email ${email} for now. Sign in with it and your new password, then change the email in Profile settings.`

/** The reason code /login shows when Google meets an unverified local account with the same email. */
export const GOOGLE_ACCOUNT_EXISTS_SENTENCE =
  'An account with this email already exists. Sign in with its password, or reset the password by email, then connect Google in Profile settings.'
/** The same on a server without account mail, where no reset link can be mailed. */
export const GOOGLE_ACCOUNT_EXISTS_NO_MAIL_SENTENCE =
  'An account with this email already exists. Sign in with its password, then connect Google in Profile settings. This site cannot mail a reset link: if the account is not yours, contact support from the Help Center.'

const TokenSchema = v.pipe(v.string(RECOVERY_MESSAGES.tokenRequired), v.minLength(1, RECOVERY_MESSAGES.tokenRequired), v.maxLength(128, RECOVERY_MESSAGES.tokenRequired))

export const ForgotPasswordSchema = v.object({ email: EmailSchema })
export const ResetPasswordSchema = v.object({ token: TokenSchema, password: RegisterSchema.entries.password })
export const VerifyEmailSchema = v.object({ token: TokenSchema })
/** POST /api/auth/undo-email-change: the take-back link's token and the owner's new password (decision 198). */
export const UndoEmailChangeSchema = ResetPasswordSchema

/** The two kinds of mailed link whose page sets a password. */
export const PASSWORD_LINK_PURPOSES = ['reset', 'undo-email-change'] as const
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number]
/** POST /api/auth/password-link: a link's page asks what the link is for before the owner types (decision 203). */
export const PasswordLinkCheckSchema = v.object({ token: TokenSchema, purpose: v.picklist(PASSWORD_LINK_PURPOSES) })
export const PasswordLinkSchema = v.object({
  /** The address the account will have, masked ('b***@example.com'): all a holder of the link alone may learn. */
  email: v.string(),
  /** Only with this device's own valid session: its account, and whether the link is for that same account. */
  signedInHere: v.nullable(v.object({ username: v.string(), sameAccount: v.boolean() })),
})
export type PasswordLinkInfo = v.InferOutput<typeof PasswordLinkSchema>

/** The address of a link, told to someone who holds only the link: its first character and its domain. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`
}

/** PUT /api/users/me/email: `currentPassword` stands for the recent sign-in when the session is older. */
export const EmailChangeSchema = v.object({
  email: EmailSchema,
  currentPassword: v.optional(v.pipe(v.string(MESSAGES.passwordRequired), v.maxLength(1000, MESSAGES.passwordMax))),
})

/** GET /api/users/me */
export const MeSchema = v.object({
  username: v.string(),
  email: v.string(),
  emailVerified: v.boolean(),
  /** False without SMTP_URL: no link can be mailed, so the app shows no banner. */
  emailVerificationAvailable: v.boolean(),
  signInMethods: v.object({ password: v.boolean(), google: v.boolean() }),
})
export type Me = v.InferOutput<typeof MeSchema>

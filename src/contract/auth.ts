// Account payloads and their validation messages (spec sections 3 and 5), shared by the forms and the server.
import * as v from 'valibot'
import { LIMITS } from './limits.ts'

/** The server's 409 answers to a registration; the page marks the field each one names (issue 23). */
export const CONFLICT_MESSAGES = {
  username: 'This username is already taken',
  email: 'An account with this email already exists',
  // A 409 like a taken one, so the register page marks it on the Username field (src/contract/reserved-words.ts).
  usernameReserved: 'This username is reserved for a page of the app. Please choose another.',
} as const

export const MESSAGES = {
  username: 'Username must be at least 3 characters.',
  usernameMax: `Username must be at most ${LIMITS.usernameMax} characters.`,
  usernameChars: 'Username may contain only letters, digits, dots, dashes and underscores.',
  email: 'Please enter a valid email address.',
  password: 'Password must be at least 8 characters.',
  passwordMax: `Password must be at most ${LIMITS.passwordMax} characters.`,
  passwordRequired: 'Password is required.',
  passwordsDoNotMatch: 'Passwords do not match',
  newPassword: 'New password must be at least 6 characters.',
  newPasswordMismatch: 'New password and confirmation must match.',
  currentPasswordRequired: 'Please enter your current password to change it.',
  // The server's refusal of a wrong current password; the pages put it on their Current password field.
  currentPasswordWrong: 'Current password is incorrect',
  noRefreshToken: 'No refresh token',
} as const

const trimmed = v.pipe(v.string(), v.trim())

export const EmailSchema = v.pipe(
  v.string(MESSAGES.email),
  v.trim(),
  v.maxLength(LIMITS.emailMax, MESSAGES.email),
  v.email(MESSAGES.email),
)

export const UsernameSchema = v.pipe(
  v.string(MESSAGES.username),
  v.trim(),
  v.minLength(LIMITS.usernameMin, MESSAGES.username),
  v.maxLength(LIMITS.usernameMax, MESSAGES.usernameMax),
  // The username is also a public address (/profile/{username}), so it stays URL-safe.
  v.regex(/^[A-Za-z0-9_.-]+$/, MESSAGES.usernameChars),
)

export const RegisterSchema = v.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: v.pipe(
    v.string(MESSAGES.password),
    v.minLength(LIMITS.passwordMin, MESSAGES.password),
    v.maxLength(LIMITS.passwordMax, MESSAGES.passwordMax),
  ),
})
export type RegisterInput = v.InferInput<typeof RegisterSchema>

/** The register form adds a confirmation that is checked in the browser and never sent. */
export const RegisterFormSchema = v.pipe(
  v.object({ ...RegisterSchema.entries, confirmPassword: v.string() }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      MESSAGES.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
)

export const LoginSchema = v.object({
  email: EmailSchema,
  password: v.pipe(v.string(MESSAGES.passwordRequired), v.minLength(1, MESSAGES.passwordRequired), v.maxLength(LIMITS.passwordMax, MESSAGES.passwordMax)),
})
export type LoginInput = v.InferInput<typeof LoginSchema>

export const RefreshSchema = v.object({
  refreshToken: v.pipe(v.string(MESSAGES.noRefreshToken), v.minLength(1, MESSAGES.noRefreshToken), v.maxLength(512, 'Invalid refresh token')),
})

export const PasswordChangeSchema = v.object({
  currentPassword: v.pipe(v.string(MESSAGES.currentPasswordRequired), v.minLength(1, MESSAGES.currentPasswordRequired)),
  newPassword: v.pipe(
    v.string(MESSAGES.newPassword),
    v.minLength(LIMITS.passwordChangeMin, MESSAGES.newPassword),
    v.maxLength(LIMITS.passwordMax, MESSAGES.passwordMax),
  ),
})

export const AuthResponseSchema = v.object({ token: trimmed, refreshToken: trimmed })
export type AuthResponse = v.InferOutput<typeof AuthResponseSchema>

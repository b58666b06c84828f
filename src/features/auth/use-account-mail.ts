// Owns whether this server mails account links (GET /api/public/config's accountMail): the pages that lead to a reset
// by mail offer it only where one can arrive, and otherwise the way that works (the password, or support); and the
// email Register hands to /forgot-password.
import { useEffect, useState } from 'react'
import { fetchPublicConfig } from '../../api/public-config.ts'

/** True, false, or undefined while unknown; a server that does not say (or cannot be asked) is taken to mail. */
export function useAccountMail(): boolean | undefined {
  const [accountMail, setAccountMail] = useState<boolean | undefined>(undefined)
  useEffect(() => {
    const controller = new AbortController()
    fetchPublicConfig(controller.signal).then(
      (config) => setAccountMail(config.accountMail ?? true),
      () => setAccountMail(true),
    )
    return () => controller.abort()
  }, [])
  return accountMail
}

/** Where a visitor reaches the operator: the Help Center's contact form. */
export const SUPPORT_LINK = { to: '/help-center', hash: 'contact' } as const

const CARRIED_EMAIL_KEY = 'qrtee-forgot-email'

/** Register's taken email handed to /forgot-password in the tab's storage, not the address (history, proxies' logs). */
export function carryEmailToForgot(email: string): void {
  try {
    sessionStorage.setItem(CARRIED_EMAIL_KEY, email)
  } catch {
    // Not carried: the owner types it again.
  }
}

/** The carried email, once. */
export function takeCarriedEmail(): string {
  try {
    const email = sessionStorage.getItem(CARRIED_EMAIL_KEY) ?? ''
    sessionStorage.removeItem(CARRIED_EMAIL_KEY)
    return email
  } catch {
    return ''
  }
}

// Owns whether this server mails account links (GET /api/public/config's accountMail): the pages that lead to a reset
// by mail offer it only where one can arrive, and otherwise the way that works (the password, or support).
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

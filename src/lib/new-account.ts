// Owns the note that this tab just created an account, so the dashboard's first greeting is 'Welcome', not
// 'Welcome back' (issue 23). Per tab (sessionStorage) and read once: the next visit to the dashboard is a return.

const KEY = 'qrtee-new-account'

export function markNewAccount(username: string): void {
  try {
    sessionStorage.setItem(KEY, username.toLowerCase())
  } catch {
    // Storage refused (private mode, quota): the greeting says 'Welcome back', nothing else depends on it.
  }
}

/** Whether `username` registered in this tab and has not been greeted yet; the note is spent by reading it. */
export function takeNewAccount(username: string): boolean {
  try {
    const noted = sessionStorage.getItem(KEY)
    if (noted === null || noted !== username.toLowerCase()) return false
    sessionStorage.removeItem(KEY)
    return true
  } catch {
    return false
  }
}

export function greeting(username: string, isNew: boolean): string {
  return isNew ? `Welcome, ${username}!` : `Welcome back, ${username}!`
}

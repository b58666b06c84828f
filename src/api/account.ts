// Owns the personal-data calls: the export document (GET /api/users/me/export) and account deletion (DELETE /api/users/me).
import { type AccountDeleteInput, AccountExportHeaderSchema, accountExportFileName } from '../contract/account.ts'
import { apiCall, apiRequest } from './client.ts'

export type AccountExportFile = { fileName: string; json: string }

/** The owner's export as the text of a file to save; every key the server sent is kept (the schema is loose). */
export async function fetchAccountExport(now: Date = new Date()): Promise<AccountExportFile> {
  const document = await apiCall(AccountExportHeaderSchema, '/users/me/export')
  return { fileName: accountExportFileName(document.account.username, now), json: JSON.stringify(document, null, 2) }
}

/**
 * Resolves once the server has deleted the account; a wrong password (or username) rejects with the server's 400
 * message. An account made by Google sign-in has no password and confirms with its username instead (decision 102).
 */
export async function deleteAccount(input: AccountDeleteInput | { confirmUsername: string }): Promise<void> {
  const body = 'confirmUsername' in input ? { confirmUsername: input.confirmUsername } : { currentPassword: input.currentPassword }
  await apiRequest('/users/me', { method: 'DELETE', body })
}

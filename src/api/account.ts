// Owns the personal-data calls: the export document (GET /api/users/me/export) and account deletion (DELETE /api/users/me).
import { type AccountDeleteInput, AccountExportHeaderSchema, accountExportFileName } from '../contract/account.ts'
import { apiCall, apiRequest } from './client.ts'

export type AccountExportFile = { fileName: string; json: string }

/** The owner's export as the text of a file to save; every key the server sent is kept (the schema is loose). */
export async function fetchAccountExport(now: Date = new Date()): Promise<AccountExportFile> {
  const document = await apiCall(AccountExportHeaderSchema, '/users/me/export')
  return { fileName: accountExportFileName(document.account.username, now), json: JSON.stringify(document, null, 2) }
}

/** Resolves once the server has deleted the account; a wrong password rejects with the server's 400 message. */
export async function deleteAccount(input: AccountDeleteInput): Promise<void> {
  await apiRequest('/users/me', { method: 'DELETE', body: { currentPassword: input.currentPassword } })
}

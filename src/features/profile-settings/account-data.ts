// Owns the texts of the settings page's 'Your data' section and the hand-over of the export to the browser's downloads.

/** What a deleted account takes with it, in the owner's words; the dialog lists every line before asking for the password. */
export const DELETION_LOSSES = [
  'your wishlist, with its photos and prices',
  'the purchases visitors made from your wishlist',
  'your profile: photo, description, contact info and links',
  'the QR code on your printed shirt: it will stop working and show that the profile does not exist',
  'your shirt orders: a draft order not yet sent to print is cancelled at the print provider',
] as const

export const ACCOUNT_DATA_TEXTS = {
  exportHint: 'Download everything QR Tee stores about you as one JSON file: your account, profile, wishlist, purchases and the addresses of your images.',
  deleteHint: 'Delete your account and everything stored with it. This cannot be undone.',
  exportFailed: 'Your data could not be exported. Please try again.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  unsynced: 'Changes on this device that are not synced yet are deleted too.',
} as const

/** Saves text as a file through the browser's own download, without leaving the page. */
export function saveTextFile(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The click starts the download synchronously; the address is released once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

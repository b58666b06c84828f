// Owns the visitor's whole document (/profile/{id} outside the app): header and profile page. The server renders it
// to HTML and the browser hydrates the same tree, so both must render alike from the same props.
import type { VisitorProfile } from './load-profile.ts'
import { SecurePageContext } from './page-context.ts'
import { PublicProfilePage } from './public-profile-page.tsx'
import { VisitorHeader } from './visitor-header.tsx'

export type VisitorAppProps = {
  shareableId: string | undefined
  embedded: VisitorProfile | null
  /** The page is served over https (remote http images get upgraded). */
  secure: boolean
}

export function VisitorApp({ shareableId, embedded, secure }: VisitorAppProps) {
  return (
    <SecurePageContext.Provider value={secure}>
      <VisitorHeader />
      <PublicProfilePage shareableId={shareableId} embedded={embedded} />
    </SecurePageContext.Provider>
  )
}

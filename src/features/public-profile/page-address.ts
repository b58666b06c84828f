// Owns which profile the visitor's document is for: the id in its address (/profile/{id}), decoded.
import { publicProfileIdFromPagePath } from '../../contract/api-paths.ts'

/** The profile id of a visitor page's path, or undefined when the path names none. */
export function profileIdOfPage(pathname: string): string | undefined {
  const pathId = publicProfileIdFromPagePath(pathname)
  if (pathId === null) return undefined
  try {
    return decodeURIComponent(pathId)
  } catch {
    // A malformed escape is no profile address; the lookup then answers 'Error loading profile'.
    return pathId
  }
}

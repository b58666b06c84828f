// Owns how a public address is written out: a line may break after its slashes, never inside the profile's id.
import { Fragment } from 'react'

/**
 * The address with a break opportunity after each path slash and the last segment (the shareable id) unbreakable:
 * wrapped anywhere, '…/profile/knxuhavbd' left a lone 'y' on the next line, which reads as a different id.
 */
export function AddressText({ url }: { url: string }) {
  const idStart = url.lastIndexOf('/') + 1
  // Split after a slash that no other slash follows, so 'https://' stays whole.
  const head = url.slice(0, idStart).split(/(?<=\/)(?!\/)/)
  return (
    <>
      {head.map((part, index) => (
        <Fragment key={index}>
          {part}
          <wbr />
        </Fragment>
      ))}
      <span style={{ whiteSpace: 'nowrap' }} data-address-id>
        {url.slice(idStart)}
      </span>
    </>
  )
}

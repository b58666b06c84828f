// Owns the preview of the shirt: the owner's real print file drawn at its printed size on a size-M front
// (one SVG unit = 1 cm), so what the owner sees is what the printer gets; offline, the same code drawn on the device.
import { Card, Stack, Text } from '@mantine/core'
import { useEffect, useMemo, useState } from 'react'
import { fetchPublicConfig } from '../../api/public-config.ts'
import { PRINT_WIDTH_CM } from '../../contract/order.ts'
import { printCode, printCodePath } from '../../lib/print-code.ts'
import { profileAddress } from '../../lib/profile-address.ts'
import { fetchPrintFile } from './order-api.ts'

/** A size-M front is about 52 cm across the chest; the code's top sits about 8 cm below the collar. */
const QR_LEFT = 35 - PRINT_WIDTH_CM / 2
const QR_TOP = 16

type PrintFile = { state: 'loading' } | { state: 'loaded'; src: string } | { state: 'failed' }

/** An object URL of the owner's print file, fetched with the owner's token; released when the component leaves. */
function usePrintFile(shareableId: string | null): PrintFile {
  const [file, setFile] = useState<PrintFile>({ state: 'loading' })
  useEffect(() => {
    if (!shareableId) return
    const abort = new AbortController()
    let objectUrl: string | undefined
    fetchPrintFile(shareableId, abort.signal).then(
      (blob) => {
        if (abort.signal.aborted) return
        if (!blob) return setFile({ state: 'failed' })
        objectUrl = URL.createObjectURL(blob)
        setFile({ state: 'loaded', src: objectUrl })
      },
      () => abort.signal.aborted || setFile({ state: 'failed' }),
    )
    return () => {
      abort.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [shareableId])
  return file
}

/**
 * The address the printed code carries: the server's PUBLIC_URL when it answers, else this page's origin (the app is
 * served at PUBLIC_URL), as the QR dialog does. Shown under a code drawn on the device, so the owner can check it.
 */
function usePrintedAddress(shareableId: string | null, wanted: boolean): string | null {
  const [publicUrl, setPublicUrl] = useState(window.location.origin)
  useEffect(() => {
    if (!wanted) return
    const abort = new AbortController()
    fetchPublicConfig(abort.signal).then(
      (config) => config.publicUrl && setPublicUrl(config.publicUrl),
      () => undefined,
    )
    return () => abort.abort()
  }, [wanted])
  return shareableId ? profileAddress(publicUrl, shareableId) : null
}

export function ShirtPreview({ shareableId }: { shareableId: string | null }) {
  const file = usePrintFile(shareableId)
  // Offline (or when the server cannot send the file) the same cells are drawn here: a shirt without its code misled.
  const address = usePrintedAddress(shareableId, file.state === 'failed')
  const local = useMemo(() => (file.state === 'failed' && address ? printCode(address) : null), [file.state, address])
  return (
    <Card withBorder radius="md" p="md">
      <Stack gap="xs" align="center">
        <Text fw={600}>Preview</Text>
        <svg viewBox="0 0 70 80" width="100%" style={{ maxWidth: 320 }} role="img" aria-label={`T-shirt with your QR code printed ${PRINT_WIDTH_CM} cm wide on the chest`}>
          <path
            d="M22 4 L9 9 L0 24 L9 29 L9 78 L61 78 L61 29 L70 24 L61 9 L48 4 Q35 12 22 4 Z"
            fill="#f8f9fa"
            stroke="#868e96"
            strokeWidth="0.5"
            strokeLinejoin="round"
          />
          {file.state === 'loaded' ? <image href={file.src} x={QR_LEFT} y={QR_TOP} width={PRINT_WIDTH_CM} height={PRINT_WIDTH_CM} data-testid="shirt-preview-code" /> : null}
          {local ? (
            <svg x={QR_LEFT} y={QR_TOP} width={PRINT_WIDTH_CM} height={PRINT_WIDTH_CM} viewBox={`0 0 ${local.side} ${local.side}`} data-testid="shirt-preview-local-code">
              <path d={printCodePath(local)} fill="#000" shapeRendering="crispEdges" />
            </svg>
          ) : null}
        </svg>
        <Text size="sm" c="dimmed" ta="center">
          Your code is printed {PRINT_WIDTH_CM} cm wide on the chest, black on a transparent background.
        </Text>
        {local && address ? (
          <Text size="sm" c="dimmed" ta="center" data-testid="shirt-preview-note" style={{ overflowWrap: 'anywhere' }}>
            Drawn on this device while the print file cannot be loaded. It opens {address}.
          </Text>
        ) : null}
      </Stack>
    </Card>
  )
}

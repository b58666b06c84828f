// Owns the preview of the shirt: the owner's real print file drawn at its printed size on a size-M front
// (one SVG unit = 1 cm), so what the owner sees is what the printer gets.
import { Card, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { PRINT_WIDTH_CM } from '../../contract/order.ts'
import { fetchPrintFile } from './order-api.ts'

/** A size-M front is about 52 cm across the chest; the code's top sits about 8 cm below the collar. */
const QR_LEFT = 35 - PRINT_WIDTH_CM / 2
const QR_TOP = 16

/** An object URL of the owner's print file, fetched with the owner's token; released when the component leaves. */
function usePrintFile(shareableId: string | null): string | null {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    if (!shareableId) return
    const abort = new AbortController()
    let objectUrl: string | undefined
    fetchPrintFile(shareableId, abort.signal).then(
      (blob) => {
        if (!blob || abort.signal.aborted) return
        objectUrl = URL.createObjectURL(blob)
        setSrc(objectUrl)
      },
      () => setSrc(null),
    )
    return () => {
      abort.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [shareableId])
  return src
}

export function ShirtPreview({ shareableId }: { shareableId: string | null }) {
  const src = usePrintFile(shareableId)
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
          {src ? <image href={src} x={QR_LEFT} y={QR_TOP} width={PRINT_WIDTH_CM} height={PRINT_WIDTH_CM} data-testid="shirt-preview-code" /> : null}
        </svg>
        <Text size="sm" c="dimmed" ta="center">
          Your code is printed {PRINT_WIDTH_CM} cm wide on the chest, black on a transparent background.
        </Text>
      </Stack>
    </Card>
  )
}

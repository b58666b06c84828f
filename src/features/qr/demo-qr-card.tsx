// Owns the landing page's 'Try me: scan live demo' card: a QR code of the demo user's profile, desktop only.
import { Card, Image, Skeleton, Text } from '@mantine/core'
import { profileUrl } from './qr-code.ts'
import { useQrImage } from './use-qr-image.ts'

/** Spec section 9: size 150, padding 20, margin 20. */
const DEMO_QR_SIZE = 150
const DEMO_CARD_SPACING = 20
/** The card's own padding is white around the code, so one module of quiet zone inside the image is enough. */
const DEMO_QR_MARGIN_MODULES = 1

export function DemoQrCard({ demoUsername }: { demoUsername: string }) {
  const url = profileUrl(window.location.origin, demoUsername)
  const image = useQrImage(url, DEMO_QR_SIZE, DEMO_QR_MARGIN_MODULES)
  return (
    // A phone is the scanner, not the screen: below md the card would only point a phone at itself.
    <Card visibleFrom="md" withBorder radius="md" shadow="sm" p={DEMO_CARD_SPACING} m={DEMO_CARD_SPACING} w="fit-content" bg="white" c="dark">
      <Text fw={700} ta="center" mb="sm">
        Try me: scan live demo
      </Text>
      {image ? (
        <Image src={image} alt={`QR code for the live demo profile ${url}`} w={DEMO_QR_SIZE} h={DEMO_QR_SIZE} mx="auto" />
      ) : (
        <Skeleton w={DEMO_QR_SIZE} h={DEMO_QR_SIZE} mx="auto" />
      )}
    </Card>
  )
}

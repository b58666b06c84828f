// Owns the stand-ins for the Order, Profile and Purchases tabs until their features replace them.
import { Stack, Title } from '@mantine/core'

export function OrderTabPlaceholder() {
  return <Title order={2}>Order a T-Shirt</Title>
}

export function ProfileTabPlaceholder({ username }: { username?: string }) {
  return (
    <Stack>
      <Title order={2}>Profile</Title>
      {username ? <span>{username}</span> : null}
    </Stack>
  )
}

export function PurchasesTabPlaceholder() {
  return <Title order={2}>Purchases</Title>
}

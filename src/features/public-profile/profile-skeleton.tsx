// Owns the placeholder a visitor sees while the profile loads: the shape of the page, six gift cards.
import { SimpleGrid, Skeleton, Stack } from '@mantine/core'

export function ProfileSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true" aria-label="Loading profile">
      <Stack align="center" gap="sm">
        <Skeleton circle height={96} />
        <Skeleton height={28} width={200} />
        <Skeleton height={14} width={320} maw="90%" />
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={320} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  )
}

// Owns the bar chart of totals per group: plain divs with the numbers as real text, so it reads without sight.
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { GroupTotal } from '../../lib/date-buckets.ts'
import { formatEuro } from '../../lib/money.ts'

export function PurchaseChart({ groups, title }: { groups: readonly GroupTotal[]; title: string }) {
  const max = Math.max(0, ...groups.map((group) => group.total))
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0}>
      <Title order={3} size="h5" mb="sm" component="figcaption">
        {title}
      </Title>
      {groups.length === 0 ? (
        <Text c="dimmed" size="sm">
          No purchases in this period.
        </Text>
      ) : (
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
          {groups.map((group) => (
            <Group component="li" key={group.key} gap="sm" wrap="nowrap">
              <Text size="sm" w={80} style={{ flexShrink: 0 }}>
                {group.label}
              </Text>
              <Box style={{ flex: 1 }} h={14} bg="var(--mantine-color-default-hover)" aria-hidden>
                <Box h="100%" w={`${max > 0 ? (group.total / max) * 100 : 0}%`} bg="var(--mantine-primary-color-filled)" style={{ borderRadius: 2 }} />
              </Box>
              <Text size="sm" w={110} ta="right" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
                {formatEuro(group.total)}
                <Text span c="dimmed" size="xs">
                  {' '}
                  ({group.count})
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  )
}

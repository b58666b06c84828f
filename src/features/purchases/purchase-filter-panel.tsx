// Owns the Purchases tab's controls: which period to look at, and how to group its totals.
import { Group, Paper, Select, Stack } from '@mantine/core'
import { OptionGroup } from '../../ui/option-group.tsx'
import type { FilterControls } from './purchase-rows.ts'
import { FILTER_OPTIONS, GROUPING_OPTIONS, MONTH_NAMES } from './purchase-rows.ts'

const SELECT_WIDTH = { flex: '1 1 12rem' }
const MONTH_DATA = MONTH_NAMES.map((name, index) => ({ value: String(index), label: name }))

export type PurchaseFilterPanelProps = {
  controls: FilterControls
  years: readonly number[]
  onChange: (controls: FilterControls) => void
}

export function PurchaseFilterPanel({ controls, years, onChange }: PurchaseFilterPanelProps) {
  const yearData = years.map((year) => ({ value: String(year), label: String(year) }))
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <OptionGroup legend="Period" options={FILTER_OPTIONS} value={controls.kind} onChange={(kind) => onChange({ ...controls, kind })} />
        {(controls.kind === 'month' || controls.kind === 'year') && (
          // Side by side only where 'September' fits beside the year: stacked on a phone, where two halves cut it short.
          <Group gap="sm" align="flex-start">
            {controls.kind === 'month' && (
              <Select
                style={SELECT_WIDTH}
                label="Month"
                data={MONTH_DATA}
                value={String(controls.monthIndex)}
                allowDeselect={false}
                onChange={(value) => value !== null && onChange({ ...controls, monthIndex: Number(value) })}
              />
            )}
            <Select
              style={SELECT_WIDTH}
              label="Year"
              data={yearData}
              value={String(controls.year)}
              allowDeselect={false}
              onChange={(value) => value !== null && onChange({ ...controls, year: Number(value) })}
            />
          </Group>
        )}
        <OptionGroup legend="Group by" options={GROUPING_OPTIONS} value={controls.grouping} onChange={(grouping) => onChange({ ...controls, grouping })} />
      </Stack>
    </Paper>
  )
}

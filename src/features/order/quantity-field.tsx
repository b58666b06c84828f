// Owns the Order tab's quantity controls: minus, the typed number with its limits on the field, plus.
import { ActionIcon, TextInput } from '@mantine/core'
import { IconMinus, IconPlus } from '@tabler/icons-react'
import { ORDER_LIMITS } from '../../contract/order.ts'
import type { QuantityReading } from './quantity.ts'

type Props = { text: string; reading: QuantityReading; onType: (text: string) => void; onStep: (step: 1 | -1) => void }

export function QuantityField({ text, reading, onType, onStep }: Props) {
  return (
    <>
      <ActionIcon size="lg" variant="default" aria-label="Decrease quantity" onClick={() => onStep(-1)} disabled={reading.ok && reading.quantity <= ORDER_LIMITS.quantityMin}>
        <IconMinus size={16} aria-hidden />
      </ActionIcon>
      {/* Whole numbers on a numeric keypad: a NumberInput asked for a decimal one, then dropped the '.' of '2.5'. */}
      <TextInput
        label="Quantity"
        w={100}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        value={text}
        onChange={(event) => onType(event.currentTarget.value)}
        error={reading.ok ? undefined : reading.message}
      />
      <ActionIcon size="lg" variant="default" aria-label="Increase quantity" onClick={() => onStep(1)} disabled={reading.ok && reading.quantity >= ORDER_LIMITS.quantityMax}>
        <IconPlus size={16} aria-hidden />
      </ActionIcon>
    </>
  )
}

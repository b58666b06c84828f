// Owns the textarea that grows with its text: the browser's own `field-sizing: content` where it has it (Chromium),
// Mantine's autosize elsewhere. Autosize measures a hidden copy of the field on mount and on every keystroke, which
// costs a forced style and layout pass over the whole page (decision 110).
import { Textarea, type TextareaProps } from '@mantine/core'

const SIZES_ITSELF = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content')

type Props = Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'rows'> & { minRows: number }

export function GrowingTextarea({ minRows, ...props }: Props) {
  if (!SIZES_ITSELF) return <Textarea autosize minRows={minRows} {...props} />
  // The height autosize gives an empty field: the rows, the padding and the 1px border above and below.
  const minHeight = `calc(${minRows}lh + 2 * var(--input-padding-y, 0rem) + 2 * calc(0.0625rem * var(--mantine-scale)))`
  return <Textarea rows={minRows} {...props} styles={{ input: { fieldSizing: 'content', minHeight, overflow: 'hidden' } }} />
}

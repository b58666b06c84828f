// Owns the social links list of the settings form: rows with icon, Platform, URL, open and remove, plus quick-add.
// A row stacks its URL under the platform line, full width at any screen size (issue 23).
import { ActionIcon, Button, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core'
import { IconExternalLink, IconPlus, IconTrash } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { QUICK_ADD_PLATFORMS, emptyRow, openableUrl, rowIcon, socialUrlError, withPlatform, withUrl, type SocialLinkRow } from './social-link-rows.ts'
import { SocialIcon } from '../../ui/social-icon.tsx'

type Props = {
  rows: SocialLinkRow[]
  onChange: (rows: SocialLinkRow[]) => void
  /** Errors from the last Save, by row index. */
  submitErrors: Record<number, string | undefined>
  onRowEdited: (index: number) => void
}

export function SocialLinksEditor({ rows, onChange, submitErrors, onRowEdited }: Props) {
  // A URL is judged once its field is left (or on Save), not on every keystroke of a half-typed address.
  const [leftRows, setLeftRows] = useState<ReadonlySet<string>>(new Set())

  // Where the keyboard goes once the rows changed: into the added row's URL, or after a removal to the next row's
  // remove button, else the previous one's, else 'Add link' (instead of the page's start).
  const editor = useRef<HTMLDivElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const focusAfter = useRef<string | null>(null)
  useEffect(() => {
    const label = focusAfter.current
    focusAfter.current = null
    if (label === null) return
    const target = label ? editor.current?.querySelector<HTMLElement>(`[aria-label="${label}"]`) : addButton.current
    target?.focus()
  }, [rows])

  const update = (index: number, row: SocialLinkRow) => {
    onRowEdited(index)
    onChange(rows.map((current, i) => (i === index ? row : current)))
  }
  const add = (row: SocialLinkRow) => {
    focusAfter.current = `URL of link ${rows.length + 1}`
    onChange([...rows, row])
  }
  const remove = (index: number) => {
    const left = rows.length - 1
    focusAfter.current = index < left ? `Remove link ${index + 1}` : left > 0 ? `Remove link ${left}` : ''
    onChange(rows.filter((_, i) => i !== index))
  }

  return (
    <Stack gap="sm" ref={editor}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No social links yet.
        </Text>
      ) : null}
      {rows.map((row, index) => {
        const error = submitErrors[index] ?? (leftRows.has(row.key) ? socialUrlError(row) : null)
        const href = error ? null : openableUrl(row.url)
        return (
          // Stacked: the platform line, then the URL across the full width, so a phone shows the address and its error.
          <Stack key={row.key} gap={6} data-social-row>
            <Group align="center" wrap="nowrap" gap="xs">
              <ThemeIcon variant="light" size={36}>
                <SocialIcon platform={rowIcon(row)} />
              </ThemeIcon>
              <TextInput
                aria-label={`Platform of link ${index + 1}`}
                placeholder="Platform"
                value={row.platform}
                onChange={(event) => update(index, withPlatform(row, event.currentTarget.value))}
                style={{ flex: 1, minWidth: 0 }}
              />
              <ActionIcon variant="subtle" color="red" size={36} onClick={() => remove(index)} aria-label={`Remove link ${index + 1}`}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
            <TextInput
              aria-label={`URL of link ${index + 1}`}
              placeholder="https://..."
              type="url"
              inputMode="url"
              value={row.url}
              onChange={(event) => update(index, withUrl(row, event.currentTarget.value))}
              onBlur={() => setLeftRows((previous) => new Set(previous).add(row.key))}
              error={error}
              rightSection={
                href ? (
                  <ActionIcon
                    component="a"
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="subtle"
                    aria-label={`Open link ${index + 1} in a new tab`}
                  >
                    <IconExternalLink size={16} aria-hidden />
                  </ActionIcon>
                ) : null
              }
            />
          </Stack>
        )
      })}
      <Group gap="xs">
        <Button ref={addButton} variant="default" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => add(emptyRow())}>
          Add link
        </Button>
        {QUICK_ADD_PLATFORMS.map(({ platform, label }) => (
          <Button
            key={platform}
            variant="light"
            size="xs"
            leftSection={<SocialIcon platform={platform} size={14} />}
            onClick={() => add(emptyRow(platform))}
            aria-label={`Add ${label} link`}
          >
            {label}
          </Button>
        ))}
      </Group>
    </Stack>
  )
}

// Owns the Recipient card: full name, address, city, a state selector when the country has states (otherwise a
// state code field), the country selector, ZIP, and 'Calculate shipping'.
import { Button, Card, Grid, Select, Stack, TextInput, Title } from '@mantine/core'
import { useMemo } from 'react'
import type { Country } from '../../contract/order.ts'
import { type QuoteField, type RecipientDraft, statesOf, withCountry } from './order-form.ts'

type Props = {
  recipient: RecipientDraft
  countries: Country[]
  onChange: (next: RecipientDraft) => void
  onCalculate: () => void
  /** Fields a refused 'Calculate shipping' named: marked until filled in. */
  marked: ReadonlySet<QuoteField>
  busy: boolean
  disabled: boolean
  calculateRef: React.Ref<HTMLButtonElement>
}

export function RecipientCard({ recipient, countries, onChange, onCalculate, marked, busy, disabled, calculateRef }: Props) {
  const countryOptions = useMemo(() => countries.map((c) => ({ value: c.code, label: c.name })), [countries])
  const states = statesOf(countries, recipient.country_code)
  const required = (key: QuoteField) => (marked.has(key) ? 'Required' : undefined)
  const field = (key: keyof RecipientDraft) => ({
    value: recipient[key],
    error: required(key),
    'data-quote-field': key,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange({ ...recipient, [key]: event.currentTarget.value }),
  })
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3}>Recipient</Title>
        <TextInput label="Full name" autoComplete="name" {...field('name')} />
        <TextInput label="Address" autoComplete="address-line1" {...field('address1')} />
        {/* Country before State: choosing one that has states puts its State next in Tab order, not behind. */}
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="City" autoComplete="address-level2" {...field('city')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Country"
              searchable
              // A tap on the chosen country keeps it: Mantine's default emptied the field, and the quote then asked for it.
              allowDeselect={false}
              data={countryOptions}
              value={recipient.country_code || null}
              error={required('country_code')}
              data-quote-field="country_code"
              onChange={(value) => onChange(withCountry(recipient, value ?? ''))}
              nothingFoundMessage="No such country"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            {states ? (
              <Select
                label="State"
                placeholder="Choose a state"
                searchable
                allowDeselect={false}
                data={states.map((s) => ({ value: s.code, label: s.name }))}
                value={recipient.state_code || null}
                error={required('state_code')}
                data-quote-field="state_code"
                onChange={(value) => onChange({ ...recipient, state_code: value ?? '' })}
              />
            ) : (
              <TextInput label="State code" description="Only if your address has one" autoComplete="address-level1" {...field('state_code')} />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="ZIP" autoComplete="postal-code" {...field('zip')} />
          </Grid.Col>
        </Grid>
        <Button ref={calculateRef} onClick={onCalculate} loading={busy} disabled={disabled} variant="light">
          Calculate shipping
        </Button>
      </Stack>
    </Card>
  )
}

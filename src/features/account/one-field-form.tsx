// Owns the one-field forms of 'Email and sign-in' (the new email, the confirmation's current password): the field says
// its refusal (Mantine's error, aria-invalid) and the submit button waits while a request is under way.
import { Button, type ButtonProps, Stack, TextInput } from '@mantine/core'
import { type ReactNode, useRef, useState } from 'react'
import { PasswordField } from '../../ui/password-field.tsx'

/** Tap targets of at least 44 px (style guide) on a phone. */
const TAP = { mih: 44 } as const

/** A field's value, the refusal said on it, and its element (a refusal puts the owner there: revealField). */
export function useField() {
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const ref = useRef<HTMLInputElement>(null)
  return { value, setValue, error, setError, ref }
}

type Props = {
  /** A password goes in a PasswordField (its show toggle, aria-invalid), an email in an email TextInput. */
  type: 'email' | 'password'
  field: ReturnType<typeof useField>
  label: string
  autoComplete: string
  submit: string
  disabled: boolean
  variant?: ButtonProps['variant']
  /** Called with the browser's own submission already prevented (noValidate: the page says the errors). */
  onSubmit: () => void
  /** Said above the field. */
  children?: ReactNode
}

export function OneFieldForm({ type, field, label, autoComplete, submit, disabled, variant, onSubmit, children }: Props) {
  const input = {
    ref: field.ref,
    label,
    autoComplete,
    value: field.value,
    // What the owner types again drops the refusal said on it.
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      field.setValue(event.currentTarget.value)
      field.setError(null)
    },
    error: field.error,
    size: 'md',
  } as const
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <Stack gap="xs">
        {children}
        {type === 'password' ? <PasswordField {...input} /> : <TextInput type="email" {...input} />}
        <Button type="submit" variant={variant} disabled={disabled} {...TAP}>
          {submit}
        </Button>
      </Stack>
    </form>
  )
}

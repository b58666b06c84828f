// Owns the password input of every form: Mantine's PasswordInput, plus the aria-invalid it leaves out.
import { PasswordInput, type PasswordInputProps } from '@mantine/core'

/** Mantine marks an invalid PasswordInput only with data-invalid; screen readers need aria-invalid as well. */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput {...props} aria-invalid={Boolean(props.error)} />
}

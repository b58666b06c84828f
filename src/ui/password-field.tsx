// Owns the password input of every form: Mantine's PasswordInput, plus the aria-invalid it leaves out.
import { PasswordInput, type PasswordInputProps } from '@mantine/core'
import { useState } from 'react'

/** Mantine marks an invalid PasswordInput only with data-invalid; screen readers need aria-invalid as well. */
export function PasswordField(props: PasswordInputProps) {
  // The eye is reached by Tab and says what it does next; its name changes, so no aria-pressed beside it.
  const [visible, setVisible] = useState(false)
  const toggle = { 'aria-label': visible ? 'Hide password' : 'Show password', 'aria-pressed': undefined }
  return <PasswordInput {...props} aria-invalid={Boolean(props.error)} visible={visible} onVisibilityChange={setVisible} visibilityToggleFocusable visibilityToggleButtonProps={toggle} />
}

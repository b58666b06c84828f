// Owns the profile settings page (/profile/edit): the sections of spec section 2, saved locally at once;
// the password change, the data export and the account deletion go to the network.
import { Button, Container, Divider, Group, Loader, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useNetwork } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { type RefObject, useMemo, useRef, useState } from 'react'
import { GrowingTextarea } from '../../ui/growing-textarea.tsx'
import { OptionGroup } from '../../ui/option-group.tsx'
import type { LocalProfile, OwnerDatabase } from '../../local/db.ts'
import { profileQuery } from '../../local/queries.ts'
import { LocalStorageFullError } from '../../local/write-errors.ts'
import { updateProfileSettings } from '../../local/writes.ts'
import { AccountDataSection } from './account-data-section.tsx'
import { changePassword, checkPasswordChange, EMPTY_PASSWORD_VALUES, OFFLINE_PASSWORD_MESSAGE, type PasswordValues } from './password-change.ts'
import { PasswordSection } from './password-section.tsx'
import { passwordFailure, type PasswordResult, saveToast } from './save-report.ts'
import { NotificationsSection } from './notifications-section.tsx'
import { PhotoSection } from './photo-section.tsx'
import { invalidSettingsMessage, PROFILE_TYPE_OPTIONS, savedSettingsValues, toProfileSettings, toSettingsValues, unsavedHiddenMessage, validateSettings, withIdsOf, type SettingsValues } from './settings-values.ts'
import { ChangedElsewhereNotice, LeaveGuard } from './settings-guards.tsx'
import { sameSettings } from './settings-seen.ts'
import { SocialLinksEditor } from './social-links-editor.tsx'
import { useSettingsProfile } from './use-settings-profile.ts'

type Props = {
  db: OwnerDatabase
  /** Called once when no profile can be loaded; the route navigates (the spec sends the owner to /dashboard). */
  onLoadFailed: () => void
  /** After the server deleted the account: the route signs out and wipes this device's data and private caches. */
  onAccountDeleted: () => Promise<void>
  /** A fresh Google sign-in that comes back here: how a Google-only owner confirms the account's deletion. */
  confirmWithGoogle: () => void
  /** Back from that confirmation: the deletion dialog opens again for the owner to confirm. */
  deleteOpenAtStart?: boolean
}

export function ProfileSettingsPage({ db, onLoadFailed, onAccountDeleted, confirmWithGoogle, deleteOpenAtStart = false }: Props) {
  const state = useSettingsProfile(db, onLoadFailed)
  // A deleted account leaves the page whatever the form holds: nothing is left to save it to.
  const released = useRef(false)
  const accountDeleted = async () => {
    released.current = true
    await onAccountDeleted()
  }
  return (
    <Container size="sm" py="lg">
      <Title order={2} mb="md">
        Profile settings
      </Title>
      {state.status === 'loaded' ? (
        // Mounted once the profile is there, so the form starts from it and a later sync does not overwrite typing.
        <>
          <SettingsForm db={db} profile={state.profile} released={released} />
          <NotificationsSection db={db} profile={state.profile} />
          <AccountDataSection onAccountDeleted={accountDeleted} confirmWithGoogle={confirmWithGoogle} openAtStart={deleteOpenAtStart} />
        </>
      ) : (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading profile" />
        </Group>
      )}
    </Container>
  )
}

function SettingsForm({ db, profile, released }: { db: OwnerDatabase; profile: LocalProfile; released: RefObject<boolean> }) {
  const { online } = useNetwork()
  const [saving, setSaving] = useState(false)
  // A redirect to this profile's own page is marked before Save; the server also knows PUBLIC_URL (decision 207).
  const own = { siteOrigins: [window.location.origin], shareableId: profile.shareableId, username: profile.username }
  const form = useForm<SettingsValues>({ initialValues: toSettingsValues(profile), validate: (values) => validateSettings(values, own) })
  const passwordForm = useForm<PasswordValues>({ mode: 'uncontrolled', initialValues: EMPTY_PASSWORD_VALUES })
  const type = form.values.profileType
  const hasChanges = () => !sameSettings(form.getValues(), form.getInitialValues()) || passwordForm.isDirty()
  // The stored settings this form last took (opened, saved or reloaded); a difference came from elsewhere.
  const [taken, setTaken] = useState(form.getInitialValues)
  const stored = useMemo(() => toSettingsValues(profile), [profile])
  // Compared when either side moves, not on each keystroke of this controlled form.
  const movedElsewhere = useMemo(() => !sameSettings(taken, stored), [taken, stored])
  const changedElsewhere = !saving && movedElsewhere
  const showNewValues = () => {
    form.setValues(stored)
    form.resetDirty(stored)
    form.clearErrors()
    setTaken(stored)
  }

  const selectType = (value: SettingsValues['profileType']) => form.setFieldValue('profileType', value)

  // A refused Save says so and brings the first marked field into view: on a phone it is often far above the button.
  const refuse = (errors: Record<string, unknown>) => {
    notifications.show({ color: 'red', title: 'Not saved', message: invalidSettingsMessage(errors) })
    showFirstInvalid()
  }
  const showFirstInvalid = () =>
    requestAnimationFrame(() => {
      const field = document.querySelector<HTMLElement>('form [aria-invalid="true"]')
      field?.scrollIntoView({ block: 'center' })
      field?.focus({ preventScroll: true })
    })

  const submit = form.onSubmit(async (values) => {
    if (saving) return
    const password = checkPasswordChange(passwordForm.getValues())
    if (password.kind === 'invalid') {
      passwordForm.setFieldError(password.field, password.message)
      notifications.show({ color: 'red', title: 'Invalid password', message: password.message })
      showFirstInvalid()
      return
    }
    setSaving(true)
    try {
      const linkIds = await updateProfileSettings(db, toProfileSettings(values, form.getInitialValues()))
      // The next Save sends what changes after this one, naming the links this one added by their new ids.
      const saved = savedSettingsValues(values, linkIds)
      form.setInitialValues(saved)
      if (saved !== values) form.setFieldValue('socialLinks', withIdsOf(form.getValues().socialLinks, new Map(saved.socialLinks.map((row) => [row.key, row.id]))))
      const written = await profileQuery(db)
      if (written) setTaken(toSettingsValues(written))
    } catch (error) {
      const message = error instanceof LocalStorageFullError ? error.message : 'Failed to save profile'
      notifications.show({ color: 'red', title: 'Error', message })
      setSaving(false)
      return
    }
    const result = password.kind === 'change' ? await submitPasswordChange(password.body) : ({ kind: 'skip' } as const)
    // One toast for both parts: what was saved and what was not, never a 'Saved' beside a refused password.
    notifications.show(saveToast(unsavedHiddenMessage(values), result))
    if (result.kind === 'not-changed' && result.field) {
      passwordForm.setFieldError(result.field, result.reason)
      showFirstInvalid()
    }
    setSaving(false)
  }, refuse)

  const submitPasswordChange = async (body: { currentPassword: string; newPassword: string }): Promise<PasswordResult> => {
    // navigator.onLine is read at the moment of saving; the hook's value may lag one render behind.
    if (!navigator.onLine) return { kind: 'not-changed', reason: OFFLINE_PASSWORD_MESSAGE }
    try {
      await changePassword(body)
      passwordForm.reset()
      return { kind: 'changed' }
    } catch (error) {
      return passwordFailure(error)
    }
  }

  const linkErrors = Object.fromEntries(form.values.socialLinks.map((_, index) => [index, errorText(form.errors[`socialLinks.${index}.url`])]))

  return (
    <Paper withBorder p="lg" radius="md">
      <LeaveGuard hasChanges={hasChanges} released={released} />
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          {changedElsewhere ? <ChangedElsewhereNotice hasChanges={hasChanges} onShowNew={showNewValues} /> : null}
          <PhotoSection db={db} profile={profile} />
          <GrowingTextarea label="Description" minRows={3} key={form.key('description')} {...form.getInputProps('description')} />
          <OptionGroup legend="Profile type" options={PROFILE_TYPE_OPTIONS} value={type} onChange={selectType} />
          <GrowingTextarea label="Contact info" minRows={2} key={form.key('contactInfo')} {...form.getInputProps('contactInfo')} />
          {type === 'CUSTOM_TEXT' ? (
            <GrowingTextarea label="Custom text" minRows={4} key={form.key('customText')} {...form.getInputProps('customText')} />
          ) : null}
          {type === 'REDIRECT' ? (
            <TextInput label="Redirect URL" placeholder="https://..." key={form.key('redirectUrl')} {...form.getInputProps('redirectUrl')} />
          ) : null}
          {type === 'SOCIAL_LINKS' ? (
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                Social links
              </Text>
              <SocialLinksEditor
                rows={form.values.socialLinks}
                onChange={(rows) => form.setFieldValue('socialLinks', rows)}
                submitErrors={linkErrors}
                onRowEdited={(index) => form.clearFieldError(`socialLinks.${index}.url`)}
              />
            </Stack>
          ) : null}
          <Switch
            label="Profile visible to visitors"
            description="Turn this off to hide your profile from everyone who scans your code."
            key={form.key('isPublic')}
            {...form.getInputProps('isPublic', { type: 'checkbox' })}
          />
          <Divider />
          <PasswordSection form={passwordForm} online={online} />
          <Group justify="flex-end">
            {/* Looks disabled while saving but keeps the focus a keyboard user gave it (data-disabled, not disabled). */}
            <Button type="submit" data-disabled={saving || undefined} aria-disabled={saving || undefined} onClick={(event) => saving && event.preventDefault()}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

function errorText(error: unknown): string | undefined {
  return typeof error === 'string' ? error : undefined
}

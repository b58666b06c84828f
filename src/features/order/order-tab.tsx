// Owns the Order tab (spec sections 2 and 4): model, size, quantity and unit price; the recipient; shipping rates,
// totals and 'Create draft order'; the preview; 'My orders'. Offline it keeps what was typed and disables the buttons.
import { Alert, Badge, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { useEffect, useState } from 'react'
import type { CatalogProduct, Country, ShippingRate } from '../../contract/order.ts'
import type { OwnerDatabase } from '../../local/db.ts'
import { formatCents, parseCents } from '../../lib/cents.ts'
import { OptionGroup } from '../../ui/option-group.tsx'
import { focusQuoteField, useFocusAfterBusy } from './focus-after.ts'
import { MyOrders } from './my-orders.tsx'
import { draftOrderBody, isOrderRefusal, quoteShipping, sendDraftOrder } from './order-api.ts'
import { pendingOrderFor, sendPendingOrder } from './pending-order.ts'
import { canOrder, type CartDraft, missingForQuote, ORDER_TEXTS, type QuoteField, quoteKey, type RecipientDraft, selection, totals } from './order-form.ts'
import { readQuantity, stepQuantity } from './quantity.ts'
import { QuantityField } from './quantity-field.tsx'
import { RecipientCard } from './recipient-card.tsx'
import { ShirtPreview } from './shirt-preview.tsx'
import { useCatalog, useOrders, useRememberedCart, useRememberedRecipient, useShareableId } from './use-order-data.ts'

const rateLabel = (r: ShippingRate) => `${r.name}: ${formatCents(parseCents(r.rate) ?? 0, r.currency)}`

const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.')

export function OrderTab({ db }: { db: OwnerDatabase }) {
  const catalog = useCatalog()
  const orders = useOrders(db)
  const shareableId = useShareableId(db)
  const [recipient, setRecipient] = useRememberedRecipient(db)
  const [cart, setCart] = useRememberedCart(db)
  const { online } = useNetwork()
  return (
    <Stack>
      <Title order={2}>{ORDER_TEXTS.title}</Title>
      {!online ? (
        <Alert color="yellow" title="Offline">
          {ORDER_TEXTS.offline}
        </Alert>
      ) : null}
      {catalog.status === 'loading' ? <Text>{ORDER_TEXTS.loading('T-Shirt')}</Text> : null}
      {catalog.status === 'error' && online ? <Alert color="red">{ORDER_TEXTS.loadFailed}</Alert> : null}
      {catalog.status === 'error' && !online ? <Alert color="yellow">{ORDER_TEXTS.offlineNoCatalog}</Alert> : null}
      {/* A permanent note, not an alert: role=alert read it out on every visit. */}
      {catalog.status === 'loaded' && catalog.demo ? (
        <Alert color="blue" title="Demo catalog" role="note">
          {ORDER_TEXTS.demo}
        </Alert>
      ) : null}
      {catalog.status === 'loaded' && recipient && cart ? (
        <OrderForm
          db={db}
          products={catalog.products}
          countries={catalog.countries}
          recipient={recipient}
          onRecipient={setRecipient}
          cart={cart}
          onCart={setCart}
          shareableId={shareableId}
          online={online}
        />
      ) : null}
      <MyOrders orders={orders} />
    </Stack>
  )
}

type FormProps = {
  db: OwnerDatabase
  products: CatalogProduct[]
  countries: Country[]
  recipient: RecipientDraft
  onRecipient: (next: RecipientDraft) => void
  cart: CartDraft
  onCart: (next: CartDraft) => void
  shareableId: string | null
  online: boolean
}

function OrderForm({ db, products, countries, recipient, onRecipient, cart, onCart, shareableId, online }: FormProps) {
  const { productId, variantId, quantity } = cart
  // The field keeps what was typed: a quantity outside 1-100 or not whole is refused on it, never silently changed.
  const [quantityText, setQuantityText] = useState(String(quantity))
  const quantityReading = readQuantity(quantityText)
  const typeQuantity = (text: string) => {
    setQuantityText(text)
    const reading = readQuantity(text)
    if (reading.ok && reading.quantity !== quantity) onCart({ ...cart, quantity: reading.quantity })
  }
  const stepBy = (step: 1 | -1) => typeQuantity(String(stepQuantity(quantityReading.ok ? quantityReading.quantity : quantity, step)))
  const [quote, setQuote] = useState<{ key: string; rates: ShippingRate[]; chosen: string | null } | null>(null)
  const [busy, setBusy] = useState<'quote' | 'order' | null>(null)
  const { calculateButton, orderButton, focusWhenDone } = useFocusAfterBusy(busy)
  // An order whose answer a reload cut off goes again, with its stored key, once the tab is online.
  useEffect(() => {
    if (!online) return
    sendPendingOrder(db, sendDraftOrder, isOrderRefusal).then(
      (created) => created && notifications.show({ title: ORDER_TEXTS.orderCreated, message: "Your draft order is in 'My orders'.", color: 'green' }),
      () => undefined,
    )
  }, [db, online])
  // Marks appear after a refused 'Calculate shipping' and leave each field as it is filled in.
  const [triedQuote, setTriedQuote] = useState(false)

  const { product, variant } = selection(products, productId, variantId)
  const currentKey = quoteKey(variant, quantity, recipient)
  // A quote is for one address and cart; after a change it is gone until 'Calculate shipping' runs again.
  const rates = quote?.key === currentKey ? quote.rates : []
  const rate = rates.find((r) => r.id === quote?.chosen) ?? null
  const money = totals(variant, quantity, rate)
  const format = (cents: number) => formatCents(cents, money.currency)
  const items = variant ? [{ variant_id: variant.variant_id, quantity }] : []
  const missing = missingForQuote(variant, recipient)
  const marked: ReadonlySet<QuoteField> = new Set(triedQuote ? missing.map((m) => m.field) : [])

  const quantityRefused = () => {
    if (quantityReading.ok) return false
    notifications.show({ title: ORDER_TEXTS.missingInformation, message: quantityReading.message, color: 'yellow' })
    return true
  }

  async function calculate() {
    if (quantityRefused()) return
    if (missing.length > 0) {
      setTriedQuote(true)
      notifications.show({ title: ORDER_TEXTS.missingInformation, message: ORDER_TEXTS.missingInformationMessage(missing.map((m) => m.label)), color: 'yellow' })
      focusQuoteField(missing[0]?.field)
      return
    }
    focusWhenDone('quote')
    setBusy('quote')
    try {
      const found = await quoteShipping(recipient, items)
      setQuote({ key: currentKey, rates: found, chosen: found[0]?.id ?? null })
    } catch (err) {
      notifications.show({ title: ORDER_TEXTS.shippingError, message: errorText(err), color: 'red' })
    } finally {
      setBusy(null)
    }
  }

  async function order() {
    if (quantityRefused()) return
    if (!canOrder(variant, rate) || !rate) {
      notifications.show({ title: ORDER_TEXTS.missingSelection, message: ORDER_TEXTS.missingSelectionMessage, color: 'yellow' })
      return
    }
    // The same order tried again (a lost answer, a reload) keeps its key, stored on the device before it is sent, so
    // the server answers it instead of ordering twice (pending-order.ts).
    const content = JSON.stringify([currentKey, rate.id, recipient.name])
    focusWhenDone('order')
    setBusy('order')
    try {
      await pendingOrderFor(db, content, draftOrderBody(recipient, rate.id, items))
      // Shown at once; the next sync brings the same row (and later its status) from the change feed.
      const created = await sendPendingOrder(db, sendDraftOrder, isOrderRefusal)
      if (created) notifications.show({ title: ORDER_TEXTS.orderCreated, message: `Draft order for ${format(created.totalCents)} is in 'My orders'.`, color: 'green' })
    } catch (err) {
      notifications.show({ title: ORDER_TEXTS.orderError, message: errorText(err), color: 'red' })
    } finally {
      setBusy(null)
    }
  }

  return (
    // On a phone the preview comes first, above the action it previews (issue 23); beside the form from md up.
    <Grid>
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
        <ShirtPreview shareableId={shareableId} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
        <Stack>
          <Card withBorder radius="md" p="lg">
            <Stack gap="sm">
              {/* Choices that wrap, not a select: a model's name in one line was cut at 320 px ('Unisex Staple T-Shi…'). */}
              <OptionGroup
                legend="Model"
                options={products.map((p) => ({ value: String(p.id), label: p.name }))}
                value={product ? String(product.id) : ''}
                onChange={(value) => onCart({ ...cart, productId: Number(value), variantId: null })}
              />
              <div role="group" aria-label="Size" data-quote-field="size" aria-invalid={marked.has('size') || undefined}>
                <Text size="sm" fw={500} mb={4}>
                  Size
                </Text>
                <Group gap="xs">
                  {product?.sync_variants.map((v) => (
                    <Button key={v.id} size="xs" variant={v.id === variant?.id ? 'filled' : 'default'} aria-pressed={v.id === variant?.id} onClick={() => onCart({ ...cart, variantId: v.id })}>
                      {v.size}
                    </Button>
                  ))}
                </Group>
                {marked.has('size') ? (
                  <Text size="xs" c="red.8" mt={4}>
                    Choose a size.
                  </Text>
                ) : null}
              </div>
              <Group align="flex-end" gap="xs">
                <QuantityField text={quantityText} reading={quantityReading} onType={typeQuantity} onStep={stepBy} />
                <Badge size="lg" variant="light" aria-label="Unit price" ml="auto">
                  {format(money.unitCents)}
                </Badge>
              </Group>
            </Stack>
          </Card>
          <RecipientCard recipient={recipient} countries={countries} onChange={onRecipient} onCalculate={() => void calculate()} marked={marked} busy={busy === 'quote'} disabled={!online || busy !== null} calculateRef={calculateButton} />
          <Card withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Title order={3}>Shipping & Order</Title>
              {/* Choices that wrap, not a select: its one-line field cut 'Flat Rate (5-8 business days): €9' at 360 px. */}
              {rates.length > 0 && quote ? (
                <div data-shipping-rates>
                  <OptionGroup legend="Shipping rate" options={rates.map((r) => ({ value: r.id, label: rateLabel(r) }))} value={rate?.id ?? ''} onChange={(chosen) => setQuote({ ...quote, chosen })} />
                </div>
              ) : (
                <div>
                  <Text size="sm" fw={500}>
                    Shipping rate
                  </Text>
                  <Text size="sm" c="dimmed">
                    {ORDER_TEXTS.shippingNotQuoted}
                  </Text>
                </div>
              )}
              <Group justify="space-between">
                <Text>Subtotal</Text>
                <Text aria-label="Subtotal">{quantityReading.ok ? format(money.subtotalCents) : ORDER_TEXTS.quantityFirst}</Text>
              </Group>
              <Group justify="space-between">
                <Text>Shipping</Text>
                {/* No figure before a quote: '€0.00' read as free shipping (issue 23). */}
                <Text aria-label="Shipping">{rate ? format(money.shippingCents) : ORDER_TEXTS.shippingNotQuoted}</Text>
              </Group>
              <Group justify="space-between">
                <Text fw={700}>Total</Text>
                <Text fw={700} aria-label="Total">
                  {!quantityReading.ok ? ORDER_TEXTS.quantityFirst : rate ? format(money.totalCents) : ORDER_TEXTS.totalNotQuoted(format(money.subtotalCents))}
                </Text>
              </Group>
              <Button ref={orderButton} onClick={() => void order()} loading={busy === 'order'} disabled={!online || busy !== null}>
                Create draft order
              </Button>
            </Stack>
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  )
}

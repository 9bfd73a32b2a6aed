/** The sandbox checkout page: plain server-rendered HTML, every value escaped, Pay and Cancel as form buttons. */
export interface CheckoutView {
  amount: number
  currency: string
  purpose: string
  status: 'waiting' | 'confirmed' | 'cancelled'
  payAction: string
  cancelAction: string
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

/** Hundredths to "CHF 5.00". */
export const formatAmount = (amount: number, currency: string): string => `${currency} ${(amount / 100).toFixed(2)}`

export function checkoutPage(view: CheckoutView): string {
  const amount = escapeHtml(formatAmount(view.amount, view.currency))
  const body =
    view.status === 'waiting'
      ? `<p class="amount">${amount}</p>
    <form method="post" action="${escapeHtml(view.payAction)}"><button type="submit" name="action" value="pay">Pay ${amount}</button></form>
    <form method="post" action="${escapeHtml(view.cancelAction)}"><button type="submit" name="action" value="cancel" class="secondary">Cancel</button></form>`
      : `<p class="amount">${amount}</p>
    <p role="status">This payment is ${view.status === 'confirmed' ? 'already paid' : 'cancelled'}.</p>`
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sandbox checkout · ${amount}</title>
  <style>
    body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; background: #f5f3ef; color: #222; }
    main { background: #fff; padding: 2rem; border-radius: 12px; max-width: 22rem; width: 100%; box-shadow: 0 2px 12px #0001; text-align: center; }
    .amount { font-size: 2rem; font-weight: 700; margin: 1rem 0; }
    button { width: 100%; padding: .8rem; margin-top: .5rem; font-size: 1rem; border-radius: 8px; border: 0; background: #2f5d50; color: #fff; cursor: pointer; }
    button.secondary { background: #e8e4dc; color: #222; }
    .note { font-size: .8rem; color: #666; }
  </style>
</head>
<body>
  <main>
    <h1>Sandbox checkout</h1>
    <p>${escapeHtml(view.purpose)}</p>
    ${body}
    <p class="note">Local sandbox provider: no card is charged.</p>
  </main>
</body>
</html>`
}

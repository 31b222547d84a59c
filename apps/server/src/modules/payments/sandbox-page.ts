import { formatPrice, SANDBOX_CARDS, TEST_PAYMENTS_BANNER } from '@portal/contract';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface SandboxPageModel {
  merchant: string;
  txnid: string;
  currency: string;
  amount: string;
  items: { name: string; quantity: number; lineTotal: string }[];
  action: string;
  errors?: string[];
  cardholder?: string;
  closedMessage?: string;
  returnUrl?: string;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#f1f3f7;color:#1f2937}
.bar{background:#111827;color:#fff;padding:14px 24px;display:flex;justify-content:space-between;align-items:center;font-size:14px}
.bar b{letter-spacing:.04em}.badge{background:#f59e0b;color:#111827;border-radius:999px;padding:3px 10px;font-weight:700;font-size:12px}
main{max-width:920px;margin:32px auto;padding:0 16px;display:grid;grid-template-columns:1fr 1.2fr;gap:24px}
@media(max-width:760px){main{grid-template-columns:1fr}}
.card{background:#fff;border-radius:14px;box-shadow:0 8px 26px rgba(17,24,39,.08);padding:24px}
h1,.title{font-size:20px;font-weight:700;margin:0 0 4px}.sub{font-size:15px;margin:0 0 16px;color:#6b7280;font-weight:500}
table{width:100%;border-collapse:collapse;font-size:14px}td{padding:8px 0;border-bottom:1px solid #eef0f4}td:last-child{text-align:right;white-space:nowrap}
.total{display:flex;justify-content:space-between;font-size:18px;font-weight:700;margin-top:16px}
label{display:block;font-size:13px;font-weight:600;margin:14px 0 6px}
input{width:100%;padding:12px 14px;border:1px solid #d1d5db;border-radius:10px;font-size:16px;background:#fff;color:#111827}
input:focus{outline:3px solid #c7d2fe;border-color:#6366f1}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.pay{margin-top:20px;width:100%;padding:14px;border:0;border-radius:10px;background:#4f46e5;color:#fff;font-size:16px;font-weight:700;cursor:pointer}
.pay:focus,.cancel:focus{outline:3px solid #a5b4fc}
.cancel{margin-top:10px;width:100%;padding:12px;border:1px solid #d1d5db;border-radius:10px;background:#fff;color:#374151;font-size:14px;cursor:pointer}
.errors{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:10px;padding:10px 14px;font-size:14px;margin-bottom:8px}
.hint{margin-top:18px;font-size:12px;color:#6b7280;background:#f9fafb;border:1px dashed #d1d5db;border-radius:10px;padding:10px 12px}
.hint code{font-size:12px;color:#111827}.lock{font-size:12px;color:#6b7280;text-align:center;margin-top:14px}
a{color:#4f46e5}
.testmode{background:#fef3c7;color:#78350f;border-bottom:2px solid #f59e0b;padding:10px 24px;font-size:15px;text-align:center;overflow-wrap:anywhere}
.testmode strong{font-weight:800}
`;

/**
 * The hosted card page of the built-in sandbox provider: plain HTML with a form POST, no script (CSP). One h1,
 * the payment step ("Pay with card" or the closed message); the merchant heads the order summary as an h2.
 */
export function renderSandboxPage(model: SandboxPageModel): string {
  const rows = model.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.name)} &times; ${i.quantity}</td><td>${escapeHtml(formatPrice(i.lineTotal, model.currency))}</td></tr>`,
    )
    .join('');
  const errors = model.errors?.length
    ? `<div class="errors" role="alert">${model.errors.map((e) => `<div>${escapeHtml(e)}</div>`).join('')}</div>`
    : '';
  const form = model.closedMessage
    ? `<h1>Payment</h1><p role="status">${escapeHtml(model.closedMessage)}</p>${
        model.returnUrl ? `<p><a href="${escapeHtml(model.returnUrl)}">Return to the shop</a></p>` : ''
      }`
    : `<h1>Pay with card</h1><p class="sub">All transactions are secure and encrypted.</p>${errors}
<form method="post" action="${escapeHtml(model.action)}" autocomplete="off">
<label for="cardholder">Name on card</label>
<input id="cardholder" name="cardholder" required maxlength="80" value="${escapeHtml(model.cardholder ?? '')}" autocomplete="cc-name">
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" required inputmode="numeric" maxlength="23" placeholder="1234 1234 1234 1234" autocomplete="cc-number">
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" required maxlength="7" placeholder="MM/YY" autocomplete="cc-exp"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" required inputmode="numeric" maxlength="4" placeholder="123" autocomplete="cc-csc"></div></div>
<button class="pay" type="submit" name="action" value="pay">Pay ${escapeHtml(formatPrice(model.amount, model.currency))}</button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>Cancel payment</button>
</form>
<div class="hint"><b>Sandbox test cards</b> (any name, any future expiry, any CVC):<br>
<code>${SANDBOX_CARDS.success}</code> payment succeeds<br>
<code>${SANDBOX_CARDS.decline}</code> card is declined<br>
<code>${SANDBOX_CARDS.pending}</code> payment stays pending, confirmed about 15 s later<br>
<code>${SANDBOX_CARDS.duplicate}</code> succeeds, and the notification is delivered twice</div>
<p class="lock">&#128274; Sandbox payment page. No real card is charged.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Secure payment · ${escapeHtml(model.merchant)}</title><style>${STYLE}</style></head>
<body><div class="bar"><b>SECURE CHECKOUT</b><span class="badge">SANDBOX</span></div>
<div class="testmode" role="note" data-testid="test-payments-banner"><strong>${TEST_PAYMENTS_BANNER}</strong>. Only the sandbox test cards work, and no card is ever charged.</div>
<main><section class="card" aria-label="Order summary"><h2 class="title">${escapeHtml(model.merchant)}</h2><p class="sub">Order ${escapeHtml(model.txnid)}</p>
<table>${rows}</table><div class="total"><span>Total</span><span>${escapeHtml(formatPrice(model.amount, model.currency))}</span></div></section>
<section class="card">${form}</section></main></body></html>`;
}

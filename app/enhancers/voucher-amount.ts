/**
 * The gift voucher widget's buy form (decision 058): Pay shows only while the chosen amount is
 * above 0 (spec section 4). The server renders Pay visible, so without JavaScript it always shows
 * and the action refuses 0 with an error next to the amount; this hides it as the amount changes.
 */
export default function voucherAmount(form: HTMLElement) {
  if (!(form instanceof HTMLFormElement) || form.dataset.voucherAmount === "ready") return;
  form.dataset.voucherAmount = "ready";
  const pay = form.querySelector<HTMLButtonElement>("[data-voucher-pay]");
  const custom = form.querySelector<HTMLInputElement>('input[name="custom_amount"]');
  if (!pay) return;

  const amount = () => {
    const chosen = form.querySelector<HTMLInputElement>('input[name="amount"]:checked');
    if (!chosen) return 0;
    const value = chosen.value === "custom" ? (custom?.value ?? "") : chosen.value;
    const n = Number(value.trim().replace(/^\$/, ""));
    return Number.isFinite(n) ? n : 0;
  };
  const update = () => {
    pay.hidden = !(amount() > 0);
  };
  form.addEventListener("change", update);
  form.addEventListener("input", update);
  // Typing an amount chooses "another amount".
  custom?.addEventListener("focus", () => {
    const other = form.querySelector<HTMLInputElement>('input[name="amount"][value="custom"]');
    if (other) other.checked = true;
    update();
  });
  update();
}

/**
 * Money as the shop shows it: "$1,234.00", always two decimals (a cart's sums must line up). The
 * CMS answers dollars as numbers with at most two decimals; a negative amount gets its sign first.
 */
export function formatMoney(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const text = Math.abs(value).toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${value < 0 ? "-" : ""}$${text}`;
}

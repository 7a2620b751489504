import { describe, expect, it } from "vitest";

import { centsToDollars, dollarsToCents, formatLongDate, formatMoney } from "./formats";

describe("formatMoney", () => {
  it("writes dollars with a thousands separator and always two decimals", () => {
    expect(formatMoney(1234)).toBe("$1,234.00");
    expect(formatMoney(70)).toBe("$70.00");
    expect(formatMoney(799.18)).toBe("$799.18");
    expect(formatMoney(0.5)).toBe("$0.50");
    expect(formatMoney(-969)).toBe("-$969.00");
    expect(formatMoney(Number.NaN)).toBe("$0.00");
  });
});

describe("the API's dollars", () => {
  it("are cents with two decimals, and back", () => {
    expect(centsToDollars(123456)).toBe(1234.56);
    expect(centsToDollars(5)).toBe(0.05);
    expect(dollarsToCents(1234.56)).toBe(123456);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });
});

describe("formatLongDate", () => {
  it("writes a day in words on the site's clock, Australian for plain English", () => {
    const instant = Date.UTC(2029, 10, 28, 15, 0, 0); // 29 November, 1am in Brisbane
    expect(formatLongDate(instant, "Australia/Brisbane")).toBe("29 November 2029");
    expect(formatLongDate(instant, "Australia/Brisbane", "en")).toBe("29 November 2029");
    expect(formatLongDate(instant, "UTC", "en")).toBe("28 November 2029");
    expect(formatLongDate(instant, "Australia/Brisbane", "de")).toBe("29. November 2029");
    expect(formatLongDate(instant, "Not/AZone", "en")).toBe("28 November 2029");
  });
});

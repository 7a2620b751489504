import { describe, expect, it } from "vitest";

import { DEFAULT_TIME_ZONE, localDateTime, scheduleInstant, siteTimeZone, zonedInstant } from "./site-clock";

describe("zonedInstant", () => {
  it("reads a zone-less date or date-time on the site's clock (Brisbane: UTC+10)", () => {
    expect(zonedInstant("2026-12-01", "Australia/Brisbane")).toBe("2026-11-30T14:00:00.000Z");
    expect(zonedInstant("2026-12-01 09:30", "Australia/Brisbane")).toBe("2026-11-30T23:30:00.000Z");
    expect(zonedInstant("2026-12-01T09:30:15", "Australia/Brisbane")).toBe("2026-11-30T23:30:15.000Z");
  });
  it("follows daylight saving where the zone has it (Sydney: +11 in December, +10 in June)", () => {
    expect(zonedInstant("2026-12-01 00:00", "Australia/Sydney")).toBe("2026-11-30T13:00:00.000Z");
    expect(zonedInstant("2026-06-01 00:00", "Australia/Sydney")).toBe("2026-05-31T14:00:00.000Z");
  });
  it("keeps values that carry a zone, and leaves anything else alone", () => {
    expect(zonedInstant("2026-12-01T00:00:00Z", "Australia/Brisbane")).toBe("2026-12-01T00:00:00Z");
    expect(zonedInstant("2026-12-01T00:00:00+02:00", "Australia/Brisbane")).toBe("2026-12-01T00:00:00+02:00");
    expect(zonedInstant("soon", "Australia/Brisbane")).toBe("soon");
    expect(zonedInstant(null, "Australia/Brisbane")).toBeNull();
  });
});

describe("siteTimeZone", () => {
  it("takes a valid IANA name and falls back to Brisbane", () => {
    expect(siteTimeZone("Australia/Perth")).toBe("Australia/Perth");
    expect(siteTimeZone("Mars/Olympus")).toBe(DEFAULT_TIME_ZONE);
    expect(siteTimeZone(undefined)).toBe(DEFAULT_TIME_ZONE);
  });
});

describe("scheduleInstant (the CMS's reading: what visitors may see)", () => {
  it("reads zone-less values on the site's clock, with daylight saving where the zone has it", () => {
    expect(scheduleInstant("2026-12-01", "Australia/Brisbane")).toBe(Date.parse("2026-11-30T14:00:00Z"));
    expect(scheduleInstant("2026-12-01 09:30", "Australia/Brisbane")).toBe(Date.parse("2026-11-30T23:30:00Z"));
    expect(scheduleInstant("2026-12-01 00:00", "Australia/Sydney")).toBe(Date.parse("2026-11-30T13:00:00Z"));
    expect(scheduleInstant("2026-06-01 00:00", "Australia/Sydney")).toBe(Date.parse("2026-05-31T14:00:00Z"));
  });
  it("keeps values with a zone, and reads nothing from what is not a time", () => {
    expect(scheduleInstant("2026-12-01T00:00:00+02:00", "Australia/Brisbane")).toBe(Date.parse("2026-11-30T22:00:00Z"));
    for (const value of ["soon", "", null, 5, undefined])
      expect(scheduleInstant(value, "Australia/Brisbane")).toBeNull();
  });
});

describe("localDateTime", () => {
  it("writes an instant on the zone's wall clock, as a datetime-local input does", () => {
    expect(localDateTime(Date.parse("2026-11-30T23:30:15Z"), "Australia/Brisbane")).toBe("2026-12-01T09:30");
    expect(localDateTime(Date.parse("2026-11-30T13:00:00Z"), "Australia/Sydney")).toBe("2026-12-01T00:00");
    expect(localDateTime(Date.parse("2026-06-30T14:05:00Z"), "Australia/Sydney")).toBe("2026-07-01T00:05");
  });
  it("is the inverse of zonedInstant for a zone-less time", () => {
    const instant = zonedInstant("2027-03-14T18:45", DEFAULT_TIME_ZONE) as string;
    expect(localDateTime(Date.parse(instant), DEFAULT_TIME_ZONE)).toBe("2027-03-14T18:45");
  });
});

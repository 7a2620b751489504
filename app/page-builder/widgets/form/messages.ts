/**
 * The messages of a form's schema (schema.ts): translation keys under `forms.errors`, which the
 * view translates for conform in the browser without bringing zod into a route's bundle.
 */
export const ERR = {
  required: "forms.errors.required",
  email: "forms.errors.email",
  phone: "forms.errors.phone",
  number: "forms.errors.number",
  min: "forms.errors.min",
  max: "forms.errors.max",
  date: "forms.errors.date",
  datetime: "forms.errors.datetime",
  time: "forms.errors.time",
  option: "forms.errors.option",
  signature: "forms.errors.signature",
  tooLong: "forms.errors.tooLong",
  whole: "forms.errors.whole",
  datePast: "forms.errors.datePast",
  dateUnavailable: "forms.errors.dateUnavailable",
} as const;

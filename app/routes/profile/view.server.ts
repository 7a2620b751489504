import type { Account } from "@contract/accounts";

import { editableFields, LICENCE_STATES } from "./schema";

function formatDate(iso: string | null, locale: string) {
  if (!iso) return "";
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** Dollars with two decimals, in Australian dollars, written the visitor's way. */
export function formatCredit(balance: number, locale: string) {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "AUD",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(balance);
}

/**
 * What the profile page shows, made on the server: values written in the visitor's language (the
 * browser's own formats could differ and break hydration) and the list of fields they may edit.
 */
export function profileView(account: Account, locale: string) {
  const { user, settings } = account;
  const state = user.drivers_licence_state_of_issue_id;
  return {
    user: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      mobile_phone: user.mobile_phone,
      date_of_birth: user.date_of_birth ?? "",
      drivers_licence_number: user.drivers_licence_number,
      drivers_licence_expiry: user.drivers_licence_expiry ?? "",
      drivers_licence_state_of_issue_id: state ?? undefined,
      emergency_contact_name: user.emergency_contact_name,
      emergency_contact_phone: user.emergency_contact_phone,
      company_name: user.company_name,
      company_phone: user.company_phone,
      trading_name: user.trading_name,
      abn: user.abn ?? "",
      website: user.website ?? "",
      facebook_link: user.facebook_link ?? "",
      club_additional_member: user.club_additional_member,
    },
    shown: {
      date_of_birth: formatDate(user.date_of_birth, locale),
      drivers_licence_expiry: formatDate(user.drivers_licence_expiry, locale),
      drivers_licence_state: state ? (LICENCE_STATES[state - 1] ?? String(state)) : "",
    },
    image: user.thumbnail || user.image?.url || null,
    credit: formatCredit(account.credit_balance, locale),
    editable: [...editableFields(settings, user)],
    manageAddresses: settings.profile_edit_addresses,
    clubLabel: settings.club_additional_member_label,
    addresses: account.addresses,
  };
}

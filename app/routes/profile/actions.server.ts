import type { Submission } from "@conform-to/react";
import type { TFunction } from "i18next";

import type { Account, ProfileUpdate } from "@contract/accounts";
import { createAddress, myAccount, setAddressEnabled, updateProfile, uploadImage } from "~/lib/api/profile.server";
import { redirectWithToast } from "~/lib/forms.server";
import { refused, upstreamReply } from "~/lib/member-forms.server";
import type { Visitor } from "~/lib/visitor.server";

import {
  addressFields,
  editableFields,
  FIELD_FLAGS,
  MAX_IMAGE_BYTES,
  type ProfileField,
  type ProfileSubmission,
} from "./schema";

type Success<I extends ProfileSubmission["intent"]> = Extract<ProfileSubmission, { intent: I }>;

interface Ctx {
  visitor: Visitor;
  submission: Submission<ProfileSubmission>;
  t: TFunction;
}

/** Fields the CMS keeps as null when empty (the others as an empty string). */
const NULLABLE = new Set<ProfileField>([
  "date_of_birth",
  "abn",
  "website",
  "facebook_link",
  "drivers_licence_expiry",
  "drivers_licence_state_of_issue_id",
]);

const saved = (ctx: Ctx, key: string) =>
  redirectWithToast(ctx.visitor, "/profile", { kind: "success", message: ctx.t(key) });

/**
 * Saves the details. Whatever the form sends, a field the flags do not allow is refused here (403,
 * nothing is sent), before the CMS, which refuses it too (decision 049). Fields sent empty are
 * cleared; fields not sent are left as they are.
 */
export async function saveDetails(ctx: Ctx, value: Success<"details">, account: Account) {
  const { submission, t } = ctx;
  const allowed = editableFields(account.settings, account.user);
  const sent = Object.keys(submission.payload).filter((k): k is ProfileField => Object.hasOwn(FIELD_FLAGS, k));
  const forbidden = sent.filter((field) => !allowed.has(field));
  if (forbidden.length) {
    const fieldErrors = Object.fromEntries(forbidden.map((f) => [f, [t("profile.errors.notAllowed")]]));
    return refused(submission.reply({ formErrors: [t("profile.errors.notAllowedForm")], fieldErrors }), 403);
  }
  const update: Record<string, unknown> = {};
  for (const field of sent) {
    const v = (value as Record<string, unknown>)[field];
    if (field === "newpassword") {
      if (v) update.newpassword = v;
      continue;
    }
    update[field] = v ?? (NULLABLE.has(field) ? null : "");
  }
  try {
    const user = await updateProfile(ctx.visitor.transport, update as ProfileUpdate);
    renameMember(ctx.visitor, user.first_name, user.last_name);
  } catch (error) {
    return upstreamReply(submission, error, t, { fields: Object.keys(FIELD_FLAGS) });
  }
  return saved(ctx, "profile.saved");
}

/** The header greets the member by the session's snapshot: keep its name in step with a change. */
function renameMember(visitor: Visitor, firstName: string, lastName: string) {
  const member = visitor.session.get("member");
  const name = `${firstName} ${lastName}`.trim();
  if (!member || !name || (member.name === name && member.firstName === firstName)) return;
  visitor.session.set("member", { ...member, name, firstName: firstName || member.firstName });
}

/** A picture: at most 5 MB (413) and an image type (400), checked before it is sent on. */
export async function saveImage(ctx: Ctx, value: Success<"image">) {
  const { submission, t } = ctx;
  const image = value.image;
  if (image.size > MAX_IMAGE_BYTES) {
    return refused(submission.reply({ fieldErrors: { image: [t("profile.errors.imageTooLarge")] } }), 413);
  }
  if (!/^image\//.test(image.type)) {
    return refused(submission.reply({ fieldErrors: { image: [t("profile.errors.imageType")] } }), 400);
  }
  try {
    await uploadImage(ctx.visitor.transport, image);
  } catch (error) {
    return upstreamReply(submission, error, t, { fields: ["image"] });
  }
  return saved(ctx, "profile.imageSaved");
}

/** Addresses are managed only when `profile_edit_addresses` is on (the CMS answers 403 otherwise too). */
export async function saveAddress(
  ctx: Ctx,
  value: Success<"address-add" | "address-enable" | "address-disable">,
  account: Account,
) {
  const { submission, t } = ctx;
  if (!account.settings.profile_edit_addresses) {
    return refused(submission.reply({ formErrors: [t("profile.errors.addressesOff")] }), 403);
  }
  try {
    if (value.intent === "address-add") {
      const { intent: _, ...address } = value;
      await createAddress(ctx.visitor.transport, {
        ...address,
        display_name: address.display_name ?? "",
        email: address.email ?? "",
        phone: address.phone ?? "",
        company: address.company ?? "",
        street_address_1: address.street_address_1 ?? "",
      });
      return saved(ctx, "profile.addresses.added");
    }
    await setAddressEnabled(ctx.visitor.transport, value.id, value.intent === "address-enable");
  } catch (error) {
    return upstreamReply(submission, error, t, {
      fields: Object.keys(addressFields),
      notFound: t("profile.errors.addressNotFound"),
    });
  }
  return saved(ctx, value.intent === "address-enable" ? "profile.addresses.enabled" : "profile.addresses.disabled");
}

/** Runs the submitted operation against the member's account as it is now. */
export async function runProfileAction(ctx: Ctx & { submission: Submission<ProfileSubmission> }) {
  const value = ctx.submission.status === "success" ? ctx.submission.value : null;
  if (!value) throw new Error("runProfileAction needs a valid submission");
  if (value.intent === "image") return saveImage(ctx, value);
  const account = await myAccount(ctx.visitor.transport);
  if (value.intent === "details") return saveDetails(ctx, value, account);
  return saveAddress(ctx, value, account);
}

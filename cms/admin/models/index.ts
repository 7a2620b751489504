/** The registry of the generic records: every model of docs/back-office.md's table, by its name. */
import type { ModelDef } from "../registry";
import { group, product } from "./catalogue";
import { faq, gallery, person, photo, slide, testimonial, voucherTheme } from "./content";
import { page } from "./page";
import { file, form, link, redirect, user } from "./site";

export const models: Record<string, ModelDef> = Object.fromEntries(
  [
    page,
    group,
    product,
    slide,
    photo,
    testimonial,
    person,
    faq,
    gallery,
    link,
    redirect,
    form,
    voucherTheme,
    user,
    file,
  ].map((def) => [def.name, def]),
);

export function modelOf(name: string): ModelDef | undefined {
  return Object.hasOwn(models, name) ? models[name] : undefined;
}

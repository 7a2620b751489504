import { createContext, type ReactNode, useContext, useMemo } from "react";

import { translator } from "~/lib/browser-i18n";

export type BackOfficeT = ReturnType<typeof translator>;

const BackOfficeTextContext = createContext<BackOfficeT>((key) => (Array.isArray(key) ? key[0] : key));

/** Gives the back-office's views its messages (`locales/{lng}/cms.json`), as the layout loaded them. */
export function BackOfficeText({
  lng,
  messages,
  children,
}: {
  lng: string;
  messages: Record<string, unknown>;
  children: ReactNode;
}) {
  const t = useMemo(() => translator(lng, messages), [lng, messages]);
  return <BackOfficeTextContext.Provider value={t}>{children}</BackOfficeTextContext.Provider>;
}

/** The back-office's `t`: keys of `locales/{lng}/cms.json`, with `{{placeholders}}` and plurals. */
export function useBackOfficeText(): BackOfficeT {
  return useContext(BackOfficeTextContext);
}

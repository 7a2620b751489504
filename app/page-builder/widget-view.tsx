import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import type { Widget } from "@contract/pages";

import { getWidget } from "./registry";
import type { WidgetEnv } from "./types";

/** Only a signed-in visitor is told that a widget type is unknown; visitors see nothing. */
export function canSeeUnknownWidgets(env: WidgetEnv) {
  return env.signedIn;
}

/** A widget by its type: its view with its fields parsed and what its load returned (data). */
export function WidgetView({ widget, data, env }: { widget: Widget; data: unknown; env: WidgetEnv }) {
  const { t } = useTranslation();
  const definition = getWidget(widget.type);
  if (!definition) {
    return canSeeUnknownWidgets(env) ? (
      <p className="rounded border border-dashed border-amber-500 p-3 text-sm text-amber-800">
        {t("widgets.unknown", { type: widget.type })}
      </p>
    ) : null;
  }
  const view = definition.render({ widget, data, env });
  return env.highlight === widget.id ? <Highlighted>{view}</Highlighted> : view;
}

/** The preview's mark on the selected widget: an outline that takes no room (no class: no site CSS). */
function Highlighted({ children }: { children: ReactNode }) {
  return (
    <div data-cms-selected="" style={{ outline: "3px solid #f59e0b", outlineOffset: "4px" }}>
      {children}
    </div>
  );
}

import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** A thin bar at the top that runs while the browser navigates to another path, then completes. */
export function ProgressBar() {
  const navigation = useNavigation();
  const location = useLocation();
  const { t } = useTranslation();
  const active =
    navigation.state !== "idle" &&
    navigation.location !== undefined &&
    navigation.location.pathname !== location.pathname;
  const [state, setState] = useState<"idle" | "running" | "done">("idle");

  useEffect(() => {
    if (active) {
      setState("running");
      return;
    }
    setState((s) => (s === "running" ? "done" : s));
    const timer = setTimeout(() => setState((s) => (s === "done" ? "idle" : s)), 500);
    return () => clearTimeout(timer);
  }, [active]);

  return (
    <div
      role="progressbar"
      aria-label={t("nav.loading")}
      aria-hidden={state === "idle"}
      aria-busy={state === "running"}
      data-state={state}
      className="progress-bar"
    />
  );
}

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
  // When a navigation ends, the bar completes ("done") for half a second, then hides. The end is
  // noticed while rendering (React's pattern for state that follows a prop), not in an effect.
  const [wasActive, setWasActive] = useState(active);
  const [done, setDone] = useState(false);
  if (active !== wasActive) {
    setWasActive(active);
    setDone(!active);
  }
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), 500);
    return () => clearTimeout(timer);
  }, [done]);
  const state = active ? "running" : done ? "done" : "idle";

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

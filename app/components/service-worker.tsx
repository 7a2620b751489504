import { useTranslation } from "react-i18next";

/**
 * The service worker's registration (decision 063), as a small inline script on every page, with
 * or without the Remix runtime (it runs from its text, `toString()`, so it may use only the page's
 * globals). Without JavaScript nothing registers. It registers /sw.js at once, tells the worker the
 * page's language (the offline page it keeps), and every 10 minutes, when online and when a fetch
 * of the worker script answers 200, checks for a new worker. A new worker that installs while the
 * page is open shows the notice 'New content available' bottom right for 6 s: Update activates it
 * and reloads. One already waiting when a page loads (a pending update) is activated at once, so
 * the next navigation applies it.
 */
function registerServiceWorker() {
  const sw = navigator.serviceWorker;
  const script = document.currentScript;
  if (!sw || !script) return;
  const url = "/sw.js";
  const labels = script.dataset;
  let reload = false;
  sw.addEventListener("controllerchange", () => reload && location.reload());
  const notice = (worker: ServiceWorker) => {
    const box = document.createElement("div");
    box.className = "sw-notice";
    box.setAttribute("role", "status");
    const text = document.createElement("span");
    text.textContent = labels.label ?? "";
    const update = document.createElement("button");
    update.type = "button";
    update.textContent = labels.update ?? "";
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = "×";
    close.setAttribute("aria-label", labels.dismiss ?? "");
    const remove = () => box.remove();
    update.onclick = () => {
      reload = true;
      worker.postMessage({ type: "SKIP_WAITING" });
    };
    close.onclick = remove;
    box.append(text, update, close);
    document.body.append(box);
    setTimeout(remove, 6000);
  };
  sw.register(url).then((reg) => {
    if (reg.waiting && sw.controller) reg.waiting.postMessage({ type: "SKIP_WAITING" });
    reg.addEventListener("updatefound", () => {
      const next = reg.installing;
      next?.addEventListener("statechange", () => next.state === "installed" && sw.controller && notice(next));
    });
    setInterval(() => {
      if (!navigator.onLine) return;
      fetch(url, { cache: "no-store" })
        .then((r) => {
          if (r.status === 200) void reg.update();
        })
        .catch(() => undefined);
    }, 600000);
    sw.ready.then((r) => r.active?.postMessage({ type: "OFFLINE_PAGE", lang: document.documentElement.lang }));
  });
}

/** The inline script's source (the journeys and a unit test keep it under 2 KB). */
export const SERVICE_WORKER_SCRIPT = `(${registerServiceWorker.toString()})();`;

/** The registration script, with the notice's labels in the page's language. */
export function ServiceWorkerScript({ nonce }: { nonce: string }) {
  const { t } = useTranslation();
  return (
    <script
      nonce={nonce}
      data-label={t("pwa.updateAvailable")}
      data-update={t("pwa.update")}
      data-dismiss={t("pwa.dismiss")}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: SERVICE_WORKER_SCRIPT }}
    />
  );
}

// How the Remix runtime starts late on the pages that have it (decision 033); plain strings, so
// that the server's page cache can name the type without loading React.

/**
 * The type the runtime's entry script carries in the document: a data block, which the browser
 * neither runs nor fetches for. RUNTIME_LOADER runs it once the page has loaded.
 */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/**
 * Starts the runtime once the page has loaded and the browser is idle: it preloads the modules
 * the document named (in parallel, as the modulepreload links would have), then inserts the
 * entry script as a module with the same text and nonce. Until then the page is its HTML and
 * CSS, which work alone (decision 030); the first paint and the largest image never wait for,
 * or share the network with, the runtime's modules (decision 033).
 */
export const RUNTIME_LOADER =
  "(function(){" +
  "function run(){" +
  `var s=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!s)return;` +
  '(s.getAttribute("data-preload")||"").split(" ").forEach(function(h){if(!h)return;' +
  'var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});' +
  'var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;' +
  "document.body.appendChild(m)}" +
  'function idle(){"requestIdleCallback"in window?requestIdleCallback(run,{timeout:1000}):setTimeout(run,1)}' +
  'document.readyState==="complete"?idle():addEventListener("load",idle,{once:true})' +
  "})()";

// How the enhancers start (decision 034): plain strings, so the page cache can name them without
// loading React.

import { DEFERRED_MODULE_TYPE } from "~/shared/runtime-loader";

/** The data block that lists a page's enhancers: `[{ name, js, css? }]` as JSON. */
export const ENHANCERS_ATTRIBUTE = "data-enhancers";

/**
 * Once the page has loaded and the browser is idle, links each enhancer's stylesheet, imports its
 * module and runs it on every element whose `data-enhance` names it. Until then the page is its
 * HTML and CSS, which work alone. When all have run (or failed, which leaves their HTML as it
 * is) it marks `<html data-enhanced>`. On a page with the Remix runtime it does nothing: the
 * page's component starts them after hydration (`startEnhancers`), so that React finds its own HTML.
 */
export const ENHANCER_LOADER =
  "(function(){" +
  `if(document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]'))return;` +
  `var d=document.querySelector("script[${ENHANCERS_ATTRIBUTE}]");if(!d)return;` +
  "function css(h){return new Promise(function(r){if(!h||document.querySelector('link[href=\"'+h+'\"]'))return r();" +
  'var l=document.createElement("link");l.rel="stylesheet";l.href=h;l.onload=l.onerror=function(){r()};document.head.appendChild(l)})}' +
  "function run(){Promise.all(JSON.parse(d.textContent).map(function(a){" +
  "return Promise.all([import(a.js),css(a.css)]).then(function(m){" +
  "document.querySelectorAll('[data-enhance~=\"'+a.name+'\"]').forEach(function(e){m[0].default(e)})" +
  '}).catch(function(e){console.warn("[enhance] "+a.name+": "+e.message)})})).then(function(){' +
  'document.documentElement.setAttribute("data-enhanced","")})}' +
  'function idle(){"requestIdleCallback"in window?requestIdleCallback(run,{timeout:1000}):setTimeout(run,1)}' +
  'document.readyState==="complete"?idle():addEventListener("load",idle,{once:true})' +
  "})()";

/**
 * The scroll animations of the page builder's frames (`data-aos` on a frame; see WidgetFrame).
 * A few lines run inline in the head, before the first paint and independent of React: they mark <html>
 * (`data-aos-on`) so the stylesheet hides frames not yet seen, and an IntersectionObserver
 * reveals each frame as it scrolls into view, `data-aos-offset` pixels above the bottom edge.
 * Frames added (or given an animation) by a client-side navigation are picked up by a
 * MutationObserver, and a frame shows at once when keyboard focus moves into it. Without
 * JavaScript, without IntersectionObserver or with reduced motion asked for, nothing is hidden.
 */
const SCRIPT = `(function(){var d=document,h=d.documentElement;if(!("IntersectionObserver"in window)||matchMedia("(prefers-reduced-motion: reduce)").matches)return;h.setAttribute("data-aos-on","");var obs={};function watch(el){if(el.hasAttribute("data-aos-in"))return;var off=Math.min(parseInt(el.getAttribute("data-aos-offset"),10)||0,Math.round(innerHeight/3));var o=obs[off]||(obs[off]=new IntersectionObserver(function(es,ob){es.forEach(function(e){if(e.isIntersecting){e.target.setAttribute("data-aos-in","");ob.unobserve(e.target)}})},{rootMargin:"0px 0px -"+off+"px 0px"}));o.observe(el)}function scan(n){n.querySelectorAll("[data-aos]").forEach(watch)}function start(){scan(d);new MutationObserver(function(ms){ms.forEach(function(m){if(m.type==="attributes"){if(m.target.hasAttribute("data-aos"))watch(m.target);return}m.addedNodes.forEach(function(n){if(n.nodeType===1){if(n.hasAttribute("data-aos"))watch(n);scan(n)}})})}).observe(d.body,{childList:true,subtree:true,attributes:true,attributeFilter:["data-aos"]});d.addEventListener("focusin",function(e){var f=e.target.closest&&e.target.closest("[data-aos]");if(f)f.setAttribute("data-aos-in","")})}if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",start);else start()})();`;

export function ScrollAnimationsScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}

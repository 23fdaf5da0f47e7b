import { createHash } from 'node:crypto';

/**
 * The start of the app's code on a page the server rendered: once the page is on screen (its
 * first contentful paint is presented, a second at most; the frame after it is parsed where
 * the browser does not report paints), it imports the entry and names the app's other modules to the
 * browser (modulepreload, so they come in parallel), three per task: each preload costs the main
 * thread over a millisecond (eight on a throttled phone), and fifty in one task blocked it for
 * half a second. The modules are listed in
 * `<script type="application/json" id="app-modules">`, the entry first. On a slow network the
 * page's own bytes, and its largest picture, no longer share the line with ~150 KB of code
 * that can only make the page interactive, not visible. A hidden tab (opened in the
 * background) starts at once and names every module in one go: it has no frames to wait for,
 * nobody to block, and its timers run once a second.
 *
 * Fixed text, so the Content-Security-Policy allows it by its hash (plugins/security.ts).
 */
export const appLoaderScript =
  "(function(){var h=document.visibilityState==='hidden';" +
  "function s(){var m=JSON.parse(document.getElementById('app-modules').textContent),i=1;" +
  'import(m[0]);(function b(){for(var n=0;(h||n<3)&&i<m.length;n++,i++){' +
  "var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=m[i];" +
  'document.head.appendChild(l)}if(i<m.length)setTimeout(b,0)})()}' +
  'var o=0;function g(){if(!o){o=1;setTimeout(s,0)}}' +
  'var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes||[];' +
  "if(h)s();else if(t.indexOf('paint')<0)requestAnimationFrame(g);else{" +
  "var p=new P(function(l){if(l.getEntriesByName('first-contentful-paint').length){p.disconnect();g()}});" +
  "p.observe({type:'paint',buffered:true});setTimeout(g,1000)}})()";

/** The loader's CSP source expression. */
export const appLoaderHash = `'sha256-${createHash('sha256').update(appLoaderScript).digest('base64')}'`;

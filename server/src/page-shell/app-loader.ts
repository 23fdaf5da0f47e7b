import { createHash } from 'node:crypto';

// Starts the app after the first contentful paint, so the page's bytes do not share a slow line
// with code, and preloads modules three per task, since each blocks a phone's main thread.
// Fixed text: the CSP allows it by its hash. Why: decisions.md, storefront pages.
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

export const appLoaderHash = `'sha256-${createHash('sha256').update(appLoaderScript).digest('base64')}'`;

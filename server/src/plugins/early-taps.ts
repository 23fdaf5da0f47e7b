import { createHash } from 'node:crypto';

/**
 * Keeps the taps made on a server-rendered page before its code has run: a tap on a button
 * (the phone menu, Add to Cart, a filter, the sort menu) or a choice (a size, a colour, a
 * filter's box) is held, not lost, and the app taps it again as it comes alive
 * (web/src/lib/early-taps.ts), where React hydrates that part first. A choice left to the
 * browser would be checked and then undone by React's own state at hydration. A tap on a
 * choice's label is held as a tap on its box. A form that posts as HTML (sign-in) keeps its
 * submit button and its boxes to the browser. Held taps sit in `window.__earlyTaps`, one per control, in
 * the order they came.
 *
 * Fixed text, so the Content-Security-Policy allows it by its hash (plugins/security.ts).
 */
export const earlyTapScript =
  '(function(){var t=[],d=document,k=/^(radio|checkbox)$/;function c(e){' +
  'var b=e.target&&e.target.closest&&e.target.closest(\'button,[role="button"],[role="checkbox"],[role="combobox"],[role="tab"],input,label\');' +
  "if(b&&b.tagName==='LABEL')b=b.control;" +
  "if(!b||b.disabled||(b.tagName==='INPUT'&&!k.test(b.type))||(b.form&&b.form.hasAttribute('action')&&(b.type==='submit'||b.tagName==='INPUT')))return;" +
  'e.preventDefault();e.stopPropagation();if(t.indexOf(b)<0)t.push(b)}' +
  "d.addEventListener('click',c,true);" +
  "window.__earlyTaps={taps:t,stop:function(){d.removeEventListener('click',c,true)}}})()";

/** The script's CSP source expression. */
export const earlyTapHash = `'sha256-${createHash('sha256').update(earlyTapScript).digest('base64')}'`;

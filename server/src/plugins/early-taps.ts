import { createHash } from 'node:crypto';

/**
 * Keeps the taps made on a server-rendered page before its code has run: a tap on a button
 * (the phone menu, Add to Cart, a filter, the sort menu) is held, not lost, and the app taps
 * it again as it comes alive (web/src/lib/early-taps.ts), where React hydrates that part first.
 * A form's submit button that posts as HTML (sign-in) is left to the browser. Held taps sit in
 * `window.__earlyTaps`, one per control, in the order they came.
 *
 * Fixed text, so the Content-Security-Policy allows it by its hash (plugins/security.ts).
 */
export const earlyTapScript =
  '(function(){var t=[],d=document;function c(e){' +
  'var b=e.target&&e.target.closest&&e.target.closest(\'button,[role="button"],[role="checkbox"],[role="combobox"],[role="tab"]\');' +
  "if(!b||b.disabled||(b.form&&b.form.hasAttribute('action')&&b.type==='submit'))return;" +
  'e.preventDefault();e.stopPropagation();if(t.indexOf(b)<0)t.push(b)}' +
  "d.addEventListener('click',c,true);" +
  "window.__earlyTaps={taps:t,stop:function(){d.removeEventListener('click',c,true)}}})()";

/** The script's CSP source expression. */
export const earlyTapHash = `'sha256-${createHash('sha256').update(earlyTapScript).digest('base64')}'`;

import { createHash } from 'node:crypto';

// Holds taps made before hydration for web/src/lib/early-taps.ts to replay; choices are held too,
// or React's state would undo them at hydration. Forms that post as HTML keep their controls.
// Fixed text: the CSP allows it by its hash.
export const earlyTapScript =
  '(function(){var t=[],d=document,k=/^(radio|checkbox)$/;function c(e){' +
  'var b=e.target&&e.target.closest&&e.target.closest(\'button,[role="button"],[role="checkbox"],[role="combobox"],[role="tab"],input,label\');' +
  "if(b&&b.tagName==='LABEL')b=b.control;" +
  "if(!b||b.disabled||(b.tagName==='INPUT'&&!k.test(b.type))||(b.form&&b.form.hasAttribute('action')&&(b.type==='submit'||b.tagName==='INPUT')))return;" +
  'e.preventDefault();e.stopPropagation();if(t.indexOf(b)<0)t.push(b)}' +
  "d.addEventListener('click',c,true);" +
  "window.__earlyTaps={taps:t,stop:function(){d.removeEventListener('click',c,true)}}})()";

export const earlyTapHash = `'sha256-${createHash('sha256').update(earlyTapScript).digest('base64')}'`;

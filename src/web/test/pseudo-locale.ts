import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { onTestFinished } from 'vitest';
import { pseudoMessage } from '../../../build/i18n-pseudo';
import { PSEUDO_LOCALE } from '../../shared/i18n/locales';

/**
 * Renders the rest of the test in the pseudo-language (issue 31 point 8): every message the code
 * shows comes out accented, longer and in brackets, as `npm run i18n:extract` writes its catalog,
 * but made from the source messages as they are shown, so a component test needs no catalog.
 * English again when the test ends.
 */
export function usePseudoLocale() {
  i18n.setMessagesCompiler((message) => compileMessage(pseudoMessage(message)));
  i18n.loadAndActivate({ locale: PSEUDO_LOCALE, locales: ['en-US'], messages: {} });
  onTestFinished(() => {
    i18n.setMessagesCompiler(compileMessage);
    i18n.loadAndActivate({ locale: 'en', locales: ['en-US'], messages: {} });
  });
}

const READ_ATTRIBUTES = ['aria-label', 'aria-description', 'placeholder', 'title', 'alt'];

/**
 * The texts on screen left in plain English: text nodes and spoken attributes with a run of three
 * unaccented letters once riders' data (`userData`: names, places, descriptions the test put in)
 * are taken out. The pseudo-language accents every letter but v and x.
 */
export function untranslatedTexts(root: Element, userData: readonly string[] = []): string[] {
  const clean = (text: string) => userData.reduce((rest, data) => rest.split(data).join(' '), text);
  const plain = (text: string) => /[A-UWYZa-uwyz]{3,}/.test(clean(text).replace(/https?:\S+/g, ''));
  const found: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && ['SCRIPT', 'STYLE'].includes(parent.tagName)) continue;
    if (node.textContent && plain(node.textContent)) found.push(node.textContent.trim());
  }
  for (const element of root.querySelectorAll('*')) {
    for (const name of READ_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value && plain(value)) found.push(`${name}="${value}"`);
    }
  }
  return found;
}

import type { Plugin } from 'vite';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';

/*
 * Lingui's macros (t, Trans, plural...) turn into message descriptors at build time, with the
 * messages extracted by `npm run i18n:extract`. @vitejs/plugin-react 6 has no Babel step, so the
 * macro plugin runs through @rolldown/plugin-babel, only on the modules that import a macro.
 * docs/decisions/2026-11-27-i18n.md.
 */
export function linguiMacros() {
  return babel({
    presets: [
      defineRolldownBabelPreset({
        preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
        rolldown: { filter: { id: { exclude: /node_modules/ }, code: /@lingui\/(core|react)\/macro/ } },
      }),
    ],
  });
}

/**
 * Code the server runs too (src/shared) writes its texts as `/*i18n*\/ { id, message }` descriptors,
 * the English kept for the server. The web reads every text from its catalog, so its build drops
 * the English (and a translator's comment) as the macros do for the web's own texts: the first load
 * carries ids only.
 */
export function stripDescriptorMessages(): Plugin {
  const descriptor = /\/\*i18n\*\/\s*\{\s*id:\s*('[^']*'),\s*message:\s*(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"),?(?:\s*comment:\s*(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"),?)?\s*\}/g;
  return {
    name: 'roadcaptain:strip-descriptor-messages',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: { include: /[\\/]src[\\/]shared[\\/].*\.ts$/ }, code: { include: /\/\*i18n\*\// } },
      handler(code) {
        return { code: code.replace(descriptor, '{ id: $1 }'), map: null };
      },
    },
  };
}

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

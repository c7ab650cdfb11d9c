import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the sign-in page's first download holds (issue 24): the modules the entry and the light auth
 * app import statically, read from their sources. Type-only imports and `import()` are left out: they
 * load nothing up front.
 */
function staticGraph(start: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(/^import\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?'([^']+)';/gm)) {
      if (!spec.startsWith('.')) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
        continue;
      }
      const base = path.resolve(path.dirname(file), spec);
      const found = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((ext) => base + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      if (found && !found.endsWith('.css')) visit(found);
    }
  };
  visit(start);
  return { files, packages };
}

describe("the sign-in page's first download", () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const main = staticGraph(path.join(root, 'src/main.tsx'));
  const auth = staticGraph(path.join(root, 'src/custom/auth/PublicApp.tsx'));

  it('holds neither the admin app nor yup nor the phone metadata', () => {
    for (const graph of [main, auth]) {
      for (const pkg of ['react-admin', 'ra-core', 'yup', 'libphonenumber-js', '@tanstack/react-query']) expect([...graph.packages]).not.toContain(pkg);
      expect([...graph.files].filter((f) => f.includes('/src/resources/') || f.endsWith('/src/App.tsx'))).toEqual([]);
    }
  });

  it('holds no MUI or emotion: the auth pages are plain HTML and auth.css', () => {
    for (const graph of [main, auth]) expect([...graph.packages].filter((p) => p.startsWith('@mui/') || p.startsWith('@emotion/'))).toEqual([]);
  });

  it('is read from the real sources (the login page and its form are in it)', () => {
    expect([...auth.files].map((f) => path.relative(root, f))).toEqual(expect.arrayContaining(['src/custom/auth/LoginPage.tsx', 'src/custom/auth/form.ts', 'src/custom/auth/fields.tsx']));
    expect([...auth.packages]).toContain('react');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * '@hf/app-kit/editing' and '@hf/ui/editing' are bundled into each remote that imports
 * them, next to the shared package indexes. A relative import of a module the index exports
 * would put a second copy of it in the remote: a second api client (its own read-your-writes
 * sequence) or a second Modal (its own stack of open dialogs). They must use the package name.
 */
const modulesOf = (dir: string, files: string[]) =>
  files.map((f) => ({ file: f, text: readFileSync(join(dir, f), 'utf8') }));
const relativeImports = (text: string) => [...text.matchAll(/from '(\.[^']*)'/g)].map((m) => m[1]);

describe('editing entries reach shared state through the package name', () => {
  it('app-kit: no relative import of the api client, session, accounts, theme, format or dialogs', () => {
    const dir = join(__dirname);
    const files = [
      'categories/category-text.ts',
      'categories/similarity.ts',
      'categories/category-flow.ts',
      'categories/api.ts',
      'transactions/amount-fields.ts',
      'transactions/edit-draft.ts',
      'transactions/edit-flow.ts',
      'transactions/api.ts',
    ];
    const indexModules = /^\.\.\/(api|session|accounts|theme|format|product|dialogs)$/;
    for (const { file, text } of modulesOf(dir, files))
      expect({ file, bad: relativeImports(text).filter((p) => indexModules.test(p)) }).toEqual({ file, bad: [] });
  });

  it('ui: no relative import of Modal, ConfirmDialog, StatusMessage or the timed message', () => {
    const dir = join(__dirname, '..', '..', 'ui', 'src');
    const indexModules = /^\.\/(Modal|ConfirmDialog|StatusMessage|use-timed-message|use-media-query)$/;
    for (const { file, text } of modulesOf(dir, [
      'Combobox.tsx',
      'transaction-fields.tsx',
      'transaction-edit.tsx',
      'use-dialogs.tsx',
    ])) {
      expect({ file, bad: relativeImports(text).filter((p) => indexModules.test(p)) }).toEqual({ file, bad: [] });
    }
  });
});

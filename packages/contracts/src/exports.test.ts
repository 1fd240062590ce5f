/**
 * The package's subpath exports: every module of src/ is reachable as `@hf/contracts/<name>`,
 * and the leaf modules front ends load on their first page (product name, theme keys, wording, limits and messages)
 * import nothing, so they never pull typebox into a bundle.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string> };
const modules = readdirSync(__dirname)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts')
  .map((file) => file.slice(0, -'.ts'.length));

describe('@hf/contracts exports', () => {
  it('exports the index and every module of src/ by its name, each to a file that exists', () => {
    expect(pkg.exports['.']).toBe('./src/index.ts');
    for (const name of modules)
      expect({ name, target: pkg.exports[`./${name}`] }).toEqual({ name, target: `./src/${name}.ts` });
    for (const target of Object.values(pkg.exports))
      if (!target.includes('*')) expect(existsSync(join(ROOT, target))).toBe(true);
  });

  it('resolves a subpath to the same module as the index re-exports', async () => {
    const [whole, limits, product] = await Promise.all([
      import('@hf/contracts'),
      import('@hf/contracts/ledger-limits'),
      import('@hf/contracts/product'),
    ]);
    expect(limits.LEDGER_LIMITS).toBe(whole.LEDGER_LIMITS);
    expect(product.PRODUCT_NAME).toBe(whole.PRODUCT_NAME);
  });

  it('keeps the leaf modules (product, theme-keys, *-limits) free of imports, typebox above all', () => {
    const leaves = modules.filter(
      (name) => name === 'product' || name === 'theme-keys' || name === 'wording' || name.endsWith('-limits'),
    );
    expect(leaves.length).toBeGreaterThanOrEqual(5);
    for (const name of leaves) {
      const source = readFileSync(join(__dirname, `${name}.ts`), 'utf8');
      expect({ name, imports: source.match(/^\s*(import|export)\s[^;]*\sfrom\s+['"][^'"]+['"]/gm) ?? [] }).toEqual({
        name,
        imports: [],
      });
    }
  });
});

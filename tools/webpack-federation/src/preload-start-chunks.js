// Host only: <link rel="preload"> in index.html for the chunks every page loads right after
// main.js (the chunk groups of the entry's `import()`s: `./bootstrap` and the page's start-up
// requests, and the shared modules they consume), so the browser fetches them while main.js
// downloads instead of after main.js has run.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'PreloadStartChunksPlugin';

/** The chunks of the async chunk groups of a module's `import()`s. */
function blockChunks(chunkGraph, module) {
  return module.blocks.flatMap((block) => chunkGraph.getBlockChunkGroup(block)?.chunks ?? []);
}

/** The entries' own modules (src/index.ts of the host). */
function entryModules(compilation) {
  const modules = new Set();
  for (const { dependencies } of compilation.entries.values()) {
    for (const dependency of dependencies) {
      const module = compilation.moduleGraph.getModule(dependency);
      if (module) modules.add(module);
    }
  }
  return modules;
}

/**
 * The chunks of the async chunk groups made by the `import()`s of the entry modules, and of the
 * shared modules they consume: the host's own provided copy (what the share scope hands out with
 * the `loaded-first` strategy), else the consume's fallback.
 */
function startChunks(compilation) {
  const { chunkGraph } = compilation;
  const entries = entryModules(compilation);
  const groups = compilation.chunkGroups.filter(
    (g) => !g.isInitial() && g.origins.some((o) => o.module && entries.has(o.module)),
  );
  if (groups.length === 0) return [];
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.constructor.name === 'ProvideSharedModule') provided.set(module._name, blockChunks(chunkGraph, module));
  }
  const chunks = new Set();
  const visit = (chunk) => {
    if (chunks.has(chunk)) return;
    chunks.add(chunk);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.constructor.name !== 'ConsumeSharedModule') continue;
      const own = provided.get(module.options.shareKey);
      for (const c of own && own.length > 0 ? own : blockChunks(chunkGraph, module)) visit(c);
    }
  };
  for (const group of groups) for (const chunk of group.chunks) visit(chunk);
  return [...chunks];
}

class PreloadStartChunksPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const publicPath = compilation.outputOptions.publicPath;
        const files = startChunks(compilation).flatMap((chunk) => [...chunk.files]);
        const links = files
          .filter((file) => /\.(js|css)$/.test(file))
          .sort()
          .map((file) => ({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: NAME },
            attributes: {
              rel: 'preload',
              as: file.endsWith('.css') ? 'style' : 'script',
              href: `${publicPath}${file}`,
            },
          }));
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

module.exports = { PreloadStartChunksPlugin };

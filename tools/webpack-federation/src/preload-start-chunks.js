// Host only: <link rel="preload"> in index.html for the chunks every page loads right after
// main.js (the `import('./bootstrap')` chunk group and the shared modules' fallbacks it consumes),
// so the browser fetches them while main.js downloads instead of after main.js has run.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'PreloadStartChunksPlugin';

/** The chunks of the async chunk groups of a module's `import()`s. */
function blockChunks(chunkGraph, module) {
  return module.blocks.flatMap((block) => chunkGraph.getBlockChunkGroup(block)?.chunks ?? []);
}

/**
 * The chunks of the async chunk group made by `import(request)` in an entry, and of the shared
 * modules they consume: the host's own provided copy (what the share scope hands out with the
 * `loaded-first` strategy), else the consume's fallback.
 */
function startChunks(compilation, request) {
  const { chunkGraph } = compilation;
  const group = compilation.chunkGroups.find((g) => !g.isInitial() && g.origins.some((o) => o.request === request));
  if (!group) return [];
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
  for (const chunk of group.chunks) visit(chunk);
  return [...chunks];
}

class PreloadStartChunksPlugin {
  constructor({ request = './bootstrap' } = {}) {
    this.request = request;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const publicPath = compilation.outputOptions.publicPath;
        const files = startChunks(compilation, this.request).flatMap((chunk) => [...chunk.files]);
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

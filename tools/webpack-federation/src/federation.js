/**
 * The one webpack + Module Federation config factory of all five front ends (the `shell` host
 * and the `mf-*` remotes). Each workspace's `webpack.config.js` is a one-line call:
 *
 *   module.exports = makeConfig({ name: 'mf-budget', dir: __dirname, exposes: { './DashboardPage': './src/pages/DashboardPage.tsx' } });
 *
 * - Remotes are served at `/mf/<name>/` (gateway: `<workspace>/dist`), their container file is
 *   `/mf/<name>/remoteEntry.js`, and the container's global name is `<name>` with `-` turned
 *   into `_` (`mf-budget` -> `mf_budget`); the shell registers them at run time
 *   (`shell/src/remotes/registry.ts`), so there are no build-time remotes.
 * - Shared singletons come from one list with versions read from package.json files; with
 *   `shareStrategy: 'loaded-first'` a page never fetches remote entries it does not render.
 * - The gateway's CSP is `script-src 'self'; style-src 'self'`: CSS is extracted to files and
 *   the HTML has only external `<script src>` tags.
 */
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { PreloadStartChunksPlugin } = require('./preload-start-chunks');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Shared singletons: third-party runtime pieces and our own front-end packages. */
const SHARED_PACKAGES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  '@tanstack/react-query',
  '@hf/app-kit',
  '@hf/ui',
  '@hf/contracts',
  '@hf/money',
  '@hf/calendar',
];

/** `react/jsx-runtime` -> `react`, `@tanstack/react-query` -> itself. */
function packageNameOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The installed version of a package as seen from `dir` (walks node_modules upwards). */
function installedVersion(pkg, dir) {
  let current = dir;
  for (;;) {
    const candidate = path.join(current, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(candidate)) return readJson(candidate).version;
    const parent = path.dirname(current);
    if (parent === current) throw new Error(`[federation] ${pkg} is not installed (looked from ${dir})`);
    current = parent;
  }
}

/** The shared-scope config of one workspace: singleton, version installed, range it asks for. */
function sharedConfig(dir) {
  const own = readJson(path.join(dir, 'package.json'));
  const wanted = { ...(own.peerDependencies || {}), ...(own.dependencies || {}) };
  const shared = {};
  for (const request of SHARED_PACKAGES) {
    const pkg = packageNameOf(request);
    const version = installedVersion(pkg, dir);
    shared[request] = {
      singleton: true,
      version,
      // A workspace that does not list the package still accepts the loaded singleton.
      requiredVersion: wanted[pkg] && wanted[pkg] !== '*' ? wanted[pkg] : `^${version}`,
      strictVersion: false,
    };
  }
  return shared;
}

/** `react-router/dist/production/index.mjs` of the copy installed for `dir`. */
function reactRouterProductionEntry(dir) {
  const version = installedVersion('react-router', dir);
  let current = dir;
  for (;;) {
    const candidate = path.join(current, 'node_modules', 'react-router');
    if (fs.existsSync(path.join(candidate, 'package.json'))) {
      const entry = path.join(candidate, 'dist', 'production', 'index.mjs');
      if (!fs.existsSync(entry))
        throw new Error(`[federation] react-router ${version} has no production build at ${entry}`);
      return entry;
    }
    current = path.dirname(current);
  }
}

/** The container's global name: a JS identifier derived from the workspace name. */
function containerName(name) {
  return name.replace(/[^a-zA-Z0-9_$]/g, '_');
}

/**
 * @param {object} options
 * @param {string} options.name workspace folder name: 'shell', 'mf-ledger', 'mf-budget', ...
 * @param {string} options.dir the workspace directory (`__dirname` of its webpack.config.js)
 * @param {Record<string, string>} [options.exposes] remotes: './PageName' -> './src/...'
 * @param {'runtime'} [options.remotes] the host registers remotes at run time (the only mode)
 * @param {boolean} options.isHost true for the shell
 * @param {string} [options.title] the host's index.html `<title>` (htmlWebpackPlugin.options.title)
 * @returns {import('webpack').Configuration}
 */
function makeConfig({ name, dir, exposes, remotes = 'runtime', isHost, title }) {
  if (!name || !dir) throw new Error('[federation] makeConfig needs { name, dir }');
  if (remotes !== 'runtime') throw new Error('[federation] remotes are registered at run time by the shell');
  if (!isHost && (!exposes || Object.keys(exposes).length === 0))
    throw new Error(`[federation] remote ${name} exposes nothing`);

  const publicPath = isHost ? '/' : `/mf/${name}/`;
  const swcOptions = {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2020',
    },
  };

  const plugins = [
    new MiniCssExtractPlugin({ filename: '[name].[contenthash].css', chunkFilename: '[name].[contenthash].css' }),
    new ModuleFederationPlugin({
      name: containerName(name),
      ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
      shared: sharedConfig(dir),
      shareStrategy: 'loaded-first',
      dts: false,
    }),
  ];
  if (isHost) {
    const favicon = path.join(dir, 'public', 'favicon.svg');
    plugins.push(
      new HtmlWebpackPlugin({
        template: path.join(dir, 'public', 'index.html'),
        ...(title ? { title } : {}),
        ...(fs.existsSync(favicon) ? { favicon } : {}),
        scriptLoading: 'defer',
        inject: 'head',
      }),
      new PreloadStartChunksPlugin(),
    );
  }

  return {
    name,
    mode: 'production',
    context: dir,
    target: 'web',
    devtool: process.env.HF_SOURCE_MAPS ? 'source-map' : false,
    // The host starts at src/index.ts (only `import('./bootstrap')`); a remote's only entry is
    // its container (remoteEntry.js), added by the federation plugin.
    entry: isHost ? { main: './src/index.ts' } : {},
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      filename: '[name].[contenthash].js',
      chunkFilename: '[name].[contenthash].js',
      assetModuleFilename: '[name].[contenthash][ext]',
      uniqueName: containerName(name),
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // `react-router` is the client-API facade over the package's production build (its
      // package exports point at the development build); see react-router-client.mjs.
      alias: {
        'react-router$': path.join(__dirname, 'react-router-client.mjs'),
        'hf-react-router-production$': reactRouterProductionEntry(dir),
      },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: { loader: require.resolve('swc-loader'), options: swcOptions },
        },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, { loader: require.resolve('css-loader'), options: { importLoaders: 0 } }],
        },
        { test: /\.(svg|png|woff2?)$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      minimize: true,
      minimizer: [
        new TerserPlugin({
          minify: TerserPlugin.swcMinify,
          extractComments: false,
          terserOptions: { compress: { passes: 2 }, mangle: true, format: { comments: false } },
        }),
      ],
      // Module Federation needs the runtime inside each entry (the remote container especially).
      runtimeChunk: false,
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
    plugins,
  };
}

module.exports = { makeConfig, sharedConfig, containerName, SHARED_PACKAGES, ROOT };

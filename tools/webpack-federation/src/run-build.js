/**
 * Builds one front-end workspace in its own process (build-frontends.ts runs two at a
 * time on the project's 2 cores). Usage: node tools/webpack-federation/src/run-build.js <workspace-dir>
 * Exit code 0 on success; webpack's errors go to stderr.
 */
'use strict';

const path = require('node:path');
const webpack = require('webpack');

const dir = path.resolve(process.argv[2] || '.');
const config = require(path.join(dir, 'webpack.config.js'));

const compiler = webpack(config);
compiler.run((err, stats) => {
  const finish = (code) => compiler.close(() => process.exit(code));
  if (err) {
    console.error(err.stack || String(err));
    if (err.details) console.error(err.details);
    return finish(1);
  }
  const text = stats.toString({
    all: false,
    errors: true,
    warnings: true,
    errorDetails: true,
    moduleTrace: true,
    colors: false,
  });
  if (stats.hasErrors()) {
    console.error(text);
    return finish(1);
  }
  if (stats.hasWarnings()) console.warn(text);
  return finish(0);
});

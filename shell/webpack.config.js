// The host: routes, header, session, theme, auth screens, Help; loads the remotes at run time.
const { makeConfig } = require('@hf/webpack-federation');

module.exports = makeConfig({ name: 'shell', dir: __dirname, remotes: 'runtime', isHost: true });

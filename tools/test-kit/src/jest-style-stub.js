// Stylesheets are extracted by webpack in the real build; in jsdom they are empty modules.
module.exports = {};

/** Stylesheets are imported for their side effect (webpack's style/css loaders). */
declare module '*.css';

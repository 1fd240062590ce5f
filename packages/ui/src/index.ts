// A shared singleton, never tree-shaken: every remote page loads all of it, so keep it to what
// most pages need. The transaction fields, the category autocomplete and the dialogs of
// editing flows live in './editing', the icons in './icons' and the disclosure hook in
// './use-disclosure' (imported by path; the shell's header uses that one without this index).
export * from './use-timed-message';
export * from './StatusMessage';
export * from './Modal';
export * from './ConfirmDialog';
export * from './use-media-query';

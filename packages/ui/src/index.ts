export * from './use-timed-message';
export * from './StatusMessage';
export * from './Modal';
export * from './ConfirmDialog';

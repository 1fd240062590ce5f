import type { ThemeColors } from '@hf/app-kit';

/** Built-in themes as svc-auth serves them from GET /api/themes/defaults. */
export const DEFAULT_COLORS: ThemeColors = {
  primaryBg: '#2c3e50',
  primaryText: '#ffffff',
  mainBg: '#f4f6f8',
  secondaryBg: '#ffffff',
  mainText: '#222222',
  buttonPrimaryBg: '#3498db',
  buttonPrimaryText: '#ffffff',
  rowEntryBg: '#fffbe6',
  rowEntryBorder: '#f0c040',
  rowDefaultBg: '#ffffff',
  rowBudgetBg: '#eef6ff',
  rowEditBg: '#fff4d6',
  rowHighlightBg: '#d9f7be',
  statusPendingBg: '#fff3cd',
  statusPendingText: '#856404',
  statusClearedBg: '#d4edda',
  statusClearedText: '#155724',
};
export const DARK_COLORS: ThemeColors = {
  primaryBg: '#1f1f1f',
  primaryText: '#e0e0e0',
  mainBg: '#121212',
  secondaryBg: '#1e1e1e',
  mainText: '#e0e0e0',
  buttonPrimaryBg: '#bb86fc',
  buttonPrimaryText: '#000000',
  rowEntryBg: '#2a2a2a',
  rowEntryBorder: '#555555',
  rowDefaultBg: '#1a1a1a',
  rowBudgetBg: '#1d2633',
  rowEditBg: '#333022',
  rowHighlightBg: '#23331f',
  statusPendingBg: '#4d3d00',
  statusPendingText: '#ffd54f',
  statusClearedBg: '#1b3d24',
  statusClearedText: '#81c784',
};
export const BLUE_COLORS: ThemeColors = {
  primaryBg: '#01579b',
  primaryText: '#ffffff',
  mainBg: '#e1f5fe',
  secondaryBg: '#b3e5fc',
  mainText: '#0d2b45',
  buttonPrimaryBg: '#0288d1',
  buttonPrimaryText: '#ffffff',
  rowEntryBg: '#e0f7fa',
  rowEntryBorder: '#4fc3f7',
  rowDefaultBg: '#ffffff',
  rowBudgetBg: '#e3f2fd',
  rowEditBg: '#fff8e1',
  rowHighlightBg: '#c8e6c9',
  statusPendingBg: '#fff3cd',
  statusPendingText: '#856404',
  statusClearedBg: '#d4edda',
  statusClearedText: '#155724',
};
export const SUNSET_COLORS: ThemeColors = { ...DEFAULT_COLORS, primaryBg: '#ff7043', buttonPrimaryBg: '#f4511e' };

export const BUILT_IN_THEMES = [
  { id: 'default', name: 'Default', colors: DEFAULT_COLORS },
  { id: 'dark', name: 'Dark Mode', colors: DARK_COLORS },
  { id: 'blue', name: 'Blue Ocean', colors: BLUE_COLORS },
];

import { useCallback } from 'react';
import { useTimedValue, type MessageKind } from '@hf/ui';
import { INVITE_MESSAGES } from './invitation-link';

/** How long a "Copy Link" button reads "Copied!" (docs/rules/screens.md). */
export const COPIED_LABEL_MS = 2000;

/** Copies with the Clipboard API, or the selection fallback where the API is missing (plain http). */
async function writeToClipboard(text: string): Promise<'copied' | 'unavailable' | 'failed'> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return 'copied';
    } catch {
      return 'failed';
    }
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = typeof document.execCommand === 'function' && document.execCommand('copy');
    area.remove();
    return ok ? 'copied' : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/**
 * Copy a link and remember which button did it, so that button reads "Copied!" for 2 seconds.
 * `onResult` receives the status text to show (success or error).
 */
export function useCopyLink(onResult: (text: string, kind: MessageKind) => void) {
  const { value: copiedKey, show: showCopied } = useTimedValue<string>(COPIED_LABEL_MS);
  const copy = useCallback(
    async (key: string, link: string) => {
      const result = await writeToClipboard(link);
      if (result === 'copied') {
        showCopied(key);
        onResult(INVITE_MESSAGES.copied, 'success');
      } else {
        onResult(result === 'failed' ? INVITE_MESSAGES.copyFailed : INVITE_MESSAGES.copyUnavailable, 'error');
      }
    },
    [onResult, showCopied],
  );
  return { copiedKey, copy };
}

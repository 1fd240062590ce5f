/**
 * When a page load's first render may start (a leaf module: the shell's entry uses it before the
 * shared modules are negotiated).
 */

/**
 * How long a page load's first render waits for its remote page's code at most: past it, the
 * shell renders with the page's "Loading..." as before (a slow or unreachable remote never keeps
 * the shell from showing for long).
 */
export const PAGE_CODE_WAIT_MS = 1000;

/**
 * Resolves once `pageCode` settles (loaded or failed) or `ms` have passed, whichever is first;
 * never rejects. The shell's first render waits on it (src/index.ts, decision 0154), so on a page
 * load of a remote's page React renders the shell and the page once, instead of the shell with
 * "Loading..." whose render the page's code would then queue behind.
 */
export function settledWithin(pageCode: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const settled = () => {
      clearTimeout(timer);
      resolve();
    };
    pageCode.then(settled, settled);
  });
}

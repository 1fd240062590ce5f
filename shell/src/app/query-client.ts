import { createQueryClient } from './AppProviders';

/** The app's one query cache: the page load's start-up requests (remotes/page-start.ts) fill it before React renders. */
export const appQueryClient = createQueryClient();

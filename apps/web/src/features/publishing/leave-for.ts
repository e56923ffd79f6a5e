/**
 * Sends the browser to a platform's consent screen: a full page load, which comes back to the
 * influencer's page (use-platform-connect-flag.ts). Its own module, so a test can see where to.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

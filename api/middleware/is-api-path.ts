/**
 * Whether a request path is meant for the API, however it is spelled (`/API/x`, `//api/x`, `/%61pi/x`): such a path
 * gets an API answer (a JSON 404 at worst), never the SPA's index.html.
 */
export function isApiPath(rawPath: string): boolean {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape is still judged on its raw spelling.
  }
  const collapsed = decoded.replace(/[/\\]+/g, '/').toLowerCase();
  return collapsed === '/api' || collapsed.startsWith('/api/') || collapsed.startsWith('/api;');
}

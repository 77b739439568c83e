/** Throws unless `url` is an http(s) URL on the loopback interface (127.0.0.0/8, localhost, ::1). */
export function assertLoopback(url: string): void {
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error(parsed.protocol);
    host = parsed.hostname;
  } catch {
    throw new Error(`not a registry URL: ${JSON.stringify(url)}`);
  }
  const loopback = host === "localhost" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
  if (!loopback) throw new Error(`refusing to publish to ${url}: not a loopback registry`);
}

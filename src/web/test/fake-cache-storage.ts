/**
 * An in-memory Cache Storage (`caches`) for the tests of the service worker's modules and of the page
 * code that reads it (jsdom has none). Each cache keeps its keys' requests with their headers and
 * answers a copy of what was put; a cache deleted and opened again is a new, empty one, while a
 * `Cache` opened before the delete keeps working on the old one, as in browsers.
 */
class FakeCache {
  readonly entries = new Map<string, { request: Request; response: Response }>();

  constructor(private readonly origin: string) {}

  private key(request: RequestInfo | URL): string {
    return new URL(request instanceof Request ? request.url : String(request), this.origin).href;
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const key = this.key(request);
    const body = await response.arrayBuffer();
    this.entries.set(key, { request: request instanceof Request ? request : new Request(key), response: new Response(body, { status: response.status, headers: response.headers }) });
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(this.key(request))?.response.clone();
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(this.key(request));
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.values()].map((entry) => entry.request);
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  constructor(private readonly origin = 'https://roadcaptain.example') {}

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) this.caches.set(name, (cache = new FakeCache(this.origin)));
    return cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async match(request: RequestInfo | URL, options: { cacheName?: string } = {}): Promise<Response | undefined> {
    for (const [name, cache] of this.caches) {
      if (options.cacheName && name !== options.cacheName) continue;
      const found = await cache.match(request);
      if (found) return found;
    }
    return undefined;
  }

  /** The addresses kept in a cache (none when it does not exist). */
  urls(name: string): string[] {
    return [...(this.caches.get(name)?.entries.keys() ?? [])];
  }
}

/**
 * A request a test made under `configure({ offline: 'strict' })` to a host that is neither
 * loopback nor allowed, and that no double answered. Thrown (or emitted) where the request is made,
 * before any connection, and recorded for the after-each verification, so a test whose app or
 * client swallows it (the OpenAI client retries, the SDK may turn errors into text) still fails.
 */
export class OfflineRequestError extends Error {
  /** The request's method; `undefined` for a connection stopped below `fetch` and `http.request`. */
  readonly method: string | undefined;
  /** The request's URL; `undefined` for a connection stopped below `fetch` and `http.request`. */
  readonly url: string | undefined;
  /** The host it was going to, as the request named it. */
  readonly host: string;
  readonly port: number | undefined;
  /** Where it was stopped: the global `fetch`, an `http`/`https` agent, or a socket's `connect`. */
  readonly via: 'fetch' | 'http' | 'socket';

  constructor(options: { method?: string; url?: string; host: string; port?: number; via: 'fetch' | 'http' | 'socket' }) {
    const { method, url, host, port, via } = options;
    super(
      'agents-testkit keeps tests offline (configure({ offline: \'strict\' })) and stopped a request no double answered:\n\n' +
        `  • ${describeRequest(options)}\n\n` +
        "Answer it in the test (script the agent with model().replies('…'), or mock the request with msw or nock),\n" +
        `or let its host through: configure({ offline: 'strict', allow: [${JSON.stringify(host.replace(/^\[(.*)\]$/, '$1')).replace(/"/g, "'")}] }).`,
    );
    this.name = 'OfflineRequestError';
    this.method = method;
    this.url = url;
    this.host = host;
    this.port = port;
    this.via = via;
  }
}

/** `POST https://api.openai.com/v1/responses`, or the connection when the method is not known. */
export function describeRequest(request: { method?: string; url?: string; host: string; port?: number }): string {
  if (request.url !== undefined) return `${request.method ?? 'GET'} ${request.url}`;
  const host = request.host.includes(':') && !request.host.startsWith('[') ? `[${request.host}]` : request.host;
  return `a connection to ${host}${request.port === undefined ? '' : `:${request.port}`} (opened below fetch and http.request, so its method is not known)`;
}

/**
 * A stand-in for the GitHub REST API on 127.0.0.1: issue comments and issues (paged with Link
 * headers, like GitHub), creating and updating them, check runs, and reading a pull request's head.
 * It records every call so tests assert what the action really sent. `denyWrites` answers writes with 403 the way GitHub does for a fork's read-only token; `failNext` injects failures;
 * `hang` makes it an API that accepts every request and never answers; `dropAnswerOf` loses the answer of a request it carried out.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
}

export interface StubComment {
  id: number;
  body: string;
  user: { login: string; type: string };
  created_at: string;
  updated_at: string;
}

export interface StubIssue {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  state_reason: string | null;
  labels: { name: string }[];
  created_at: string;
  updated_at: string;
}

export interface GitHubApiStub {
  url: string;
  calls: RecordedCall[];
  comments: Map<number, StubComment[]>;
  /** Issues by number (the drift tracking issue's paths: list with state/labels and pages, create, update). */
  issues: Map<number, StubIssue>;
  /** Check runs as created (and updated with more annotations). */
  checkRuns: { id: number; name: string; head_sha: string; external_id?: string; conclusion: string; output: { title: string; summary: string; annotations: unknown[] } }[];
  /** The head SHA `GET /repos/:o/:r/pulls/:n` reports. */
  headSha: string;
  /** Answer POST/PATCH with 403 "Resource not accessible by integration". */
  denyWrites: boolean;
  /** Status codes to answer the next requests with, in order (e.g. [502, 503]); `emptyBody`: no body and no content-type, as some proxies answer. */
  failNext: (number | { status: number; emptyBody: true })[];
  /** Accept every request (recorded) and never answer it. */
  hang: boolean;
  /** Carry out the next request this picks, but close its connection instead of answering (the answer lost on the way); once. */
  dropAnswerOf: ((call: RecordedCall) => boolean) | undefined;
  /** Adds a comment (someone else's by default) to a pull request. */
  addComment(issue: number, body: string, login?: string): StubComment;
  /** Calls other than the listing GETs: what changed GitHub's state. */
  writes(): RecordedCall[];
  close(): Promise<void>;
}

export async function startGitHubApiStub(options: { pageSize?: number; headSha?: string } = {}): Promise<GitHubApiStub> {
  const pageSizeCap = options.pageSize ?? 100;
  let nextId = 1000;
  let clock = Date.parse('2026-11-22T00:00:00Z');
  const tick = (): string => new Date((clock += 1000)).toISOString();

  const stub: GitHubApiStub = {
    url: '',
    calls: [],
    comments: new Map(),
    issues: new Map(),
    checkRuns: [],
    headSha: options.headSha ?? '0'.repeat(40),
    denyWrites: false,
    failNext: [],
    hang: false,
    dropAnswerOf: undefined,
    addComment(issue, body, login = 'someone-else') {
      const at = tick();
      const comment: StubComment = { id: nextId++, body, user: { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' }, created_at: at, updated_at: at };
      const list = stub.comments.get(issue) ?? [];
      list.push(comment);
      stub.comments.set(issue, list);
      return comment;
    },
    writes() {
      return stub.calls.filter((c) => c.method !== 'GET');
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    const call = stub.calls[stub.calls.length - 1];
    if (call && stub.dropAnswerOf?.(call)) {
      stub.dropAnswerOf = undefined;
      res.socket?.destroy();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', stub.url);
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = undefined;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const method = req.method ?? 'GET';
      stub.calls.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, authorization: req.headers.authorization });

      if (stub.hang) return;
      const failure = stub.failNext.shift();
      if (typeof failure === 'number') return send(res, failure, { message: `stub failure ${failure}` });
      if (failure !== undefined) {
        res.writeHead(failure.status);
        return res.end();
      }
      if (method !== 'GET' && stub.denyWrites) {
        return send(res, 403, { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' });
      }

      let m: RegExpExecArray | null;
      /** One page of `all`, with GitHub's Link header to the next. */
      const paged = (all: unknown[]) => {
        const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), pageSizeCap);
        const page = Number(url.searchParams.get('page') ?? 1);
        const headers: Record<string, string> = {};
        if (page * perPage < all.length) {
          const next = new URL(url);
          next.searchParams.set('page', String(page + 1));
          next.searchParams.set('per_page', String(perPage));
          headers.link = `<${next.toString()}>; rel="next"`;
        }
        return send(res, 200, all.slice((page - 1) * perPage, page * perPage), headers);
      };
      if (/^\/repos\/[^/]+\/[^/]+\/issues$/.test(url.pathname)) {
        if (method === 'GET') {
          const state = url.searchParams.get('state') ?? 'open';
          const label = url.searchParams.get('labels');
          let all = [...stub.issues.values()].filter((i) => state === 'all' || i.state === state);
          if (label) all = all.filter((i) => i.labels.some((l) => l.name === label));
          if (url.searchParams.get('sort') === 'updated') all.sort((a, b) => b.updated_at.localeCompare(a.updated_at));
          return paged(all);
        }
        if (method === 'POST') {
          const input = body as { title?: string; body?: string; labels?: string[] };
          if (!input?.title) return send(res, 422, { message: 'Validation Failed', errors: [{ field: 'title', code: 'missing_field' }] });
          const at = tick();
          const issue: StubIssue = { number: stub.issues.size + 1, title: input.title, body: input.body ?? '', state: 'open', state_reason: null, labels: (input.labels ?? []).map((name) => ({ name })), created_at: at, updated_at: at };
          stub.issues.set(issue.number, issue);
          return send(res, 201, issue);
        }
      }
      if (/^\/repos\/[^/]+\/[^/]+\/check-runs$/.test(url.pathname) && method === 'POST') {
        const input = body as GitHubApiStub['checkRuns'][number];
        if ((input.output?.annotations?.length ?? 0) > 50) return send(res, 422, { message: 'Validation Failed: at most 50 annotations per request' });
        if ((input.output?.summary?.length ?? 0) > 65_535) return send(res, 422, { message: 'Validation Failed: output.summary is too long' });
        const check = { ...input, id: nextId++ };
        stub.checkRuns.push(check);
        return send(res, 201, check);
      }
      if ((m = /^\/repos\/[^/]+\/[^/]+\/commits\/([^/]+)\/check-runs$/.exec(url.pathname)) && method === 'GET') {
        const name = url.searchParams.get('check_name');
        const runs = stub.checkRuns.filter((c) => c.head_sha === m![1] && (!name || c.name === name));
        return send(res, 200, { total_count: runs.length, check_runs: runs });
      }
      if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)$/.exec(url.pathname)) && method === 'PATCH') {
        const issue = stub.issues.get(Number(m[1]));
        if (!issue) return send(res, 404, { message: 'Not Found' });
        const input = body as { body?: string; state?: 'open' | 'closed'; state_reason?: string };
        if (input.body !== undefined) {
          if (input.body.length > 65_536) return send(res, 422, { message: 'Validation Failed', errors: [{ field: 'body', code: 'custom', message: 'body is too long (maximum is 65536 characters)' }] });
          issue.body = input.body;
        }
        if (input.state) issue.state = input.state;
        if (input.state_reason !== undefined) issue.state_reason = input.state_reason;
        issue.updated_at = tick();
        return send(res, 200, issue);
      }
      if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(url.pathname))) {
        const issue = Number(m[1]);
        if (method === 'GET') return paged(stub.comments.get(issue) ?? []);
        if (method === 'POST') {
          const created = stub.addComment(issue, String((body as { body?: unknown })?.body ?? ''), 'github-actions[bot]');
          return send(res, 201, created);
        }
      }
      if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(url.pathname)) && method === 'PATCH') {
        const id = Number(m[1]);
        for (const list of stub.comments.values()) {
          const comment = list.find((c) => c.id === id);
          if (comment) {
            comment.body = String((body as { body?: unknown })?.body ?? '');
            comment.updated_at = tick();
            return send(res, 200, comment);
          }
        }
        return send(res, 404, { message: 'Not Found' });
      }
      if ((m = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/.exec(url.pathname)) && method === 'GET') {
        return send(res, 200, { number: Number(m[1]), state: 'open', head: { sha: stub.headSha } });
      }
      return send(res, 404, { message: 'Not Found' });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}

import http from 'node:http';
import https from 'node:https';

export interface HttpAnswer {
  status: number | null;
  body: string | null;
  /** Why no whole answer came (refused, cut at the timeout, too long); null when it did. */
  error: string | null;
}

/** The most of an answer read: a platform's verdict is short; a longer one is not the format's. */
const ANSWER_MAX = 64 * 1024;

/** One POST of a JSON body; no redirect followed, cut after `timeoutMs`, an answer over 64 KB refused. */
export function postJson(url: string, body: string, timeoutMs: number): Promise<HttpAnswer> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (a: HttpAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(a);
    };
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      resolve({ status: null, body: null, error: `平台地址无效：${url}` });
      return;
    }
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(u, {
      method: 'POST', agent: false,
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'cylinder-trace-regulator/1' },
    }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > ANSWER_MAX) {
          finish({ status: res.statusCode ?? null, body: null, error: `平台答复超过 ${ANSWER_MAX / 1024} KB，未读取` });
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => finish({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null }));
      res.on('error', (e) => finish({ status: res.statusCode ?? null, body: null, error: e.message }));
      res.on('close', () => finish({ status: res.statusCode ?? null, body: null, error: '平台连接中断，答复不完整' }));
    });
    const timer = setTimeout(() => {
      finish({ status: null, body: null, error: `平台 ${timeoutMs / 1000} 秒内未答复，已中断` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (e) => finish({ status: null, body: null, error: `无法连接监管平台：${e.message}` }));
    req.end(body);
  });
}

/** The public cylinder page as a phone shows it: a small page of its own (no web UI bundle), zh-CN, no script. */
export interface PublicCylinderView {
  code: string;
  gasName: string;
  specification: string | null;
  companyName: string | null;
  licenceNo: string | null;
  lastFillDate: string | null;
  nextInspectionDate: string | null;
  designLifeUntil: string | null;
  statusName: string;
  /** Red lines: overdue inspection, design life passed, scrapped. */
  warnings: string[];
  /** yyyy-MM-dd, the server's day the page was built. */
  today: string;
  /** Its last delivery to a household (瓶装液化气实名制): the day and the user masked (张** 138****1234). */
  householdDelivery?: { day: string; user: string } | null;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const or = (value: string | null) => (value ? escape(value) : '—');

const STYLE = `body{margin:0;font:16px/1.5 -apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;background:#f4f6f8;color:#1f2933}
main{max-width:560px;margin:0 auto;padding:16px}h1{font-size:20px;margin:4px 0 12px}
.card{background:#fff;border-radius:10px;padding:4px 16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
dl{margin:0}.row{display:flex;justify-content:space-between;gap:12px;padding:11px 0;border-bottom:1px solid #eef1f4}.row:last-child{border:0}
dt{color:#5f6b7a;flex:none}dd{margin:0;text-align:right;font-weight:600;word-break:break-all}
.ok{color:#1b7f3b}.warn{background:#fdecea;color:#c62828;border:1px solid #f5c2c0;border-radius:10px;padding:12px 16px;margin-bottom:12px;font-weight:700}
.warn p{margin:2px 0}footer{color:#8a94a3;font-size:13px;text-align:center;margin-top:14px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function cylinderPage(v: PublicCylinderView): string {
  const rows: [string, string][] = [
    ['气瓶编码', or(v.code)],
    ['充装介质', or(v.gasName)],
    ['规格型号', or(v.specification)],
    ['充装单位', or(v.companyName)],
    ['充装许可证', or(v.licenceNo)],
    ['最近充装日期', or(v.lastFillDate)],
    ['检验有效期至', or(v.nextInspectionDate)],
    ['设计使用年限至', or(v.designLifeUntil)],
    ...(v.householdDelivery ? [['配送到户', `${escape(v.householdDelivery.day)} ${escape(v.householdDelivery.user)}`] as [string, string]] : []),
  ];
  const status = `<div class="row"><dt>气瓶状态</dt><dd class="${v.warnings.length ? '' : 'ok'}" data-status>${escape(v.statusName)}</dd></div>`;
  const warn = v.warnings.length ? `<div class="warn" role="alert">${v.warnings.map((w) => `<p>${escape(w)}</p>`).join('')}</div>` : '';
  return page(`气瓶信息 ${v.code}`, `<h1>气瓶信息</h1>${warn}<div class="card"><dl>${rows.map(([k, val]) => `<div class="row"><dt>${k}</dt><dd>${val}</dd></div>`).join('')}${status}</dl></div>`
    + `<footer>查询日期 ${escape(v.today)}</footer>`);
}

/** Every refusal looks alike: a wrong address says nothing about whether the code exists. */
export const MESSAGE_PAGES = {
  notFound: page('气瓶信息', '<h1>气瓶信息</h1><div class="card"><p>未找到该气瓶的信息，请核对二维码。</p></div>'),
  off: page('气瓶信息', '<h1>气瓶信息</h1><div class="card"><p>该企业未开放气瓶信息查询。</p></div>'),
  tooMany: page('气瓶信息', '<h1>气瓶信息</h1><div class="card"><p>查询过于频繁，请稍后再试。</p></div>'),
} as const;

/**
 * Hostile and harmless HTML for the rich-text policy, checked the same way in the browser
 * (DOMPurify, tests/unit/richText) and on the server (sanitize-html, tests/server/crud/richText).
 */
export interface HostileCase {
  name: string;
  html: string;
  /** None of these may appear (case-insensitive) in the sanitised HTML. */
  gone: readonly string[];
  /** All of these must still be there. */
  kept?: readonly string[];
}

export const HOSTILE_CASES: readonly HostileCase[] = [
  { name: 'script tag', html: '<p>查勘</p><script>alert(1)</script>', gone: ['<script', 'alert'], kept: ['<p>查勘</p>'] },
  { name: 'on* handler', html: '<img src="x" onerror="alert(1)"><p onclick="alert(2)">定损</p>', gone: ['onerror', 'onclick', 'alert'], kept: ['定损'] },
  { name: 'javascript: URL', html: '<a href="javascript:alert(1)">点此</a><a href="JaVa&#x09;ScRiPt:alert(2)">再点</a>', gone: ['javascript', 'alert'], kept: ['点此', '再点'] },
  { name: 'style expression', html: '<p style="width: expression(alert(1)); color: #ff0000; background-image: url(javascript:alert(2))">红字</p>', gone: ['expression', 'url(', 'alert', 'width'], kept: ['color:#ff0000', '红字'] },
  { name: 'iframe', html: '<iframe src="https://evil.example/"></iframe><p>正文</p>', gone: ['<iframe', 'evil.example'], kept: ['<p>正文</p>'] },
  { name: 'svg payload', html: '<svg onload="alert(1)"><script>alert(2)</script><use href="data:image/svg+xml,x"></use></svg><p>报告</p>', gone: ['<svg', 'onload', 'alert', '<use', 'data:'], kept: ['<p>报告</p>'] },
  { name: 'data: picture', html: '<img src="data:image/png;base64,iVBORw0KGgo=" alt="截图">', gone: ['data:', 'base64'] },
  {
    name: "picture paths that climb out of the static route ('../', %2e%2e, backslashes)",
    html:
      '<p>图</p><img src="/sys/common/static/../../sys/user/list" alt="一"><img src="/sys/common/static/%2e%2e/%2E%2E/sys/user/queryById?id=1" alt="二">' +
      '<img src="/sys/common/static/jeditor\\..\\..\\sys\\user\\list" alt="三"><img src="/sys/common/static/jeditor/%5c..%5csys/list" alt="四">' +
      '<img src="/sys/common/static/temp/./x.png" alt="五"><img src="/sys/common/static/temp//x.png" alt="六"><img src="/sys/common/static/.import-errors/k.xlsx" alt="七">',
    gone: ['sys/user', '%2e', '\\', '%5c', '/./', '//x', '.import-errors'],
    kept: ['<p>图</p>', 'alt="一"', 'alt="七"'],
  },
  {
    name: 'pictures that are not stored files nor absolute http(s) URLs',
    html:
      '<img src="../insurance/sys/user/list" alt="一"><img src="/insurance/sys/user/list" alt="二"><img src="sys/common/static/temp/x.png" alt="三">' +
      '<img src="//evil.example/x.png" alt="四"><img src="x" alt="五"><img src="/sys/common/static/temp/x.png?token=1" alt="六">',
    gone: ['sys/user', 'sys/common', 'evil.example', 'src="x"', 'token'],
    kept: ['alt="一"', 'alt="六"'],
  },
  { name: 'form and meta', html: '<form action="https://evil.example"><input name="a"></form><meta http-equiv="refresh" content="0;url=https://evil.example">', gone: ['<form', '<input', '<meta', 'evil.example'] },
];

/** Editor formatting that must survive unchanged in meaning. */
export const HARMLESS_HTML =
  '<h2>现场查勘</h2><p><strong>粗体</strong><em>斜体</em><u>下划线</u><s>删除线</s>' +
  '<span style="color: rgb(230, 0, 0); background-color: #ffff00">彩色</span></p>' +
  '<p style="text-align: center">居中</p><ul><li>一</li></ul><ol><li>二</li></ol>' +
  '<blockquote>引用</blockquote><pre data-language="plain">代码</pre>' +
  '<p><a href="https://www.example.com/doc" target="_blank">链接</a><img src="/sys/common/static/jeditor/20261123/ab_现场.png" alt="现场">' +
  '<img src="/insurance/sys/common/static/jeditor/20261123/cd_%E7%8E%B0%E5%9C%BA.png" alt="带前缀"><img src="https://img.example.com/a.png" alt="外链"></p>';

export const HARMLESS_KEPT: readonly string[] = [
  '<h2>现场查勘</h2>',
  '<strong>粗体</strong>',
  '<em>斜体</em>',
  '<u>下划线</u>',
  '<s>删除线</s>',
  'color:rgb(230, 0, 0)',
  'background-color:#ffff00',
  'text-align:center',
  '<ul><li>一</li></ul>',
  '<ol><li>二</li></ol>',
  '<blockquote>引用</blockquote>',
  '<pre data-language="plain">代码</pre>',
  'href="https://www.example.com/doc"',
  'rel="noopener noreferrer"',
  'src="/sys/common/static/jeditor/20261123/ab_现场.png"',
  'src="/insurance/sys/common/static/jeditor/20261123/cd_%E7%8E%B0%E5%9C%BA.png"',
  'src="https://img.example.com/a.png"',
];

/**
 * A short browser name with its major version from a User-Agent header, as the log screens show it
 * ('Chrome 120', 'Edge 119', 'Firefox 121', 'Safari 17'); the first 200 characters otherwise.
 */
const BROWSERS: readonly [string, RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['微信', /MicroMessenger\/(\d+)/],
  ['Firefox', /Firefox\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS|HeadlessChrome)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
  ['IE', /(?:MSIE |Trident\/.*rv:)(\d+)/],
];

const SYSTEMS: readonly [string, RegExp][] = [
  ['Windows', /Windows NT/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux/],
];

export const MAX_BROWSER_CHARS = 200;

export function browserOf(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').trim();
  if (ua === '') return '';
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0];
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return system ? `${name} ${match[1]} (${system})` : `${name} ${match[1]}`;
  }
  return ua.slice(0, MAX_BROWSER_CHARS);
}

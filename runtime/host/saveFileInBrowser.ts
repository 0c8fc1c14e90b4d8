/**
 * The browser implementation of `Host.saveFile`: a temporary object URL clicked through a hidden
 * link, as JeecgBoot's client saves exports.
 */
export function saveFileInBrowser(file: Blob, fileName: string): void {
  const href = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.style.display = 'none';
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}

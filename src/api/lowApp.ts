// The low-code app the current page belongs to. The router sets it from the `appId` parameter of
// routes whose name starts with 'low-app'; the request layer sends it as X-Low-App-ID (spec §2, §7).

let currentLowAppId: string | null = null;

export function setLowAppId(appId: string | null | undefined): void {
  currentLowAppId = appId ? appId : null;
}

export function lowAppId(): string | null {
  return currentLowAppId;
}

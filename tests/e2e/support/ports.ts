/**
 * The e2e run starts one server per Playwright worker, each on a throwaway database of its own
 * (playwright.config.ts `webServer`), and worker i talks only to server i: specs running side by
 * side never see each other's records, as when a spec runs alone. Ports step by two from E2E_PORT;
 * each server's OpenID Connect provider and CAS server sit 100 and 101 above its own port.
 */

/** Workers, and so servers: two by default (the CI machine has two cores); E2E_WORKERS=1 runs one. */
export const E2E_WORKERS = Math.max(1, Math.min(4, Number(process.env.E2E_WORKERS ?? 2) || 1));

const basePort = Number(process.env.E2E_PORT ?? 18765);

/** The port of server `index`; in a worker, by default its own (Playwright sets TEST_PARALLEL_INDEX there). */
export function e2eServerPort(index = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): number {
  return basePort + 2 * index;
}

/** How far server `serverPort` sits above the first: E2E_OIDC_PORT / E2E_CAS_PORT name the first server's. */
export function portOffset(serverPort: number): number {
  return serverPort - basePort;
}

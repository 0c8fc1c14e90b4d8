/**
 * The start check that every declared action of a page has its route (server/crud/rowActionRoutes.ts),
 * run over one page document with only the routes a test registers.
 */
import path from 'node:path';
import Fastify from 'fastify';
import { loadPageFile } from '../../../server/crud/pages';
import { watchRowActionRoutes } from '../../../server/crud/rowActionRoutes';
import '../../../server/http/context';

export const API = '/insurance';

export type TestServer = ReturnType<typeof Fastify>;

/** The check over `schemas/pages/<pageFile>`: undefined when it passes, else its message. */
export function startCheckOf(pageFile: string): (register: (app: TestServer) => void) => Promise<string | undefined> {
  const loaded = loadPageFile(path.resolve('schemas/pages', pageFile));
  if (!loaded.page) throw new Error(JSON.stringify(loaded.errors));
  const page = loaded.page;
  return async (register) => {
    const app = Fastify();
    const check = watchRowActionRoutes(app, API, [page]);
    register(app);
    await app.ready();
    try {
      check();
      return undefined;
    } catch (err) {
      return (err as Error).message;
    } finally {
      await app.close();
    }
  };
}

/** Route options asking for a permission code, as the app's routes declare it. */
export const route = (permission: string) => ({ config: { permission } });

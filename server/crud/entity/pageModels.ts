/**
 * The entity models of every served page by `<module>/<entity>`, built once: the row conditions of a
 * page may name another page (a case's members, the case a progress entry belongs to).
 */
import type { CompiledPage } from '../../../runtime/schema/compiledPageTypes';
import { entityModel, type EntityModel } from './model';

export class PageModels {
  private readonly models = new Map<string, EntityModel>();

  constructor(private readonly pages: readonly CompiledPage[]) {}

  /** The model of `<module>/<entity>`, or undefined for a page not served. */
  get(key: string): EntityModel | undefined {
    const cached = this.models.get(key);
    if (cached) return cached;
    const page = this.pages.find((p) => `${p.entity.module}/${p.entity.name}` === key);
    if (!page) return undefined;
    const model = entityModel(page);
    this.models.set(key, model);
    return model;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The served pages' models by `<module>/<entity>` (row conditions naming another page). */
    pageModels: PageModels;
  }
}

import type { FastifyInstance } from 'fastify';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { EntityDictionaries } from '../crud/entity/dictionaries';
import { EntityStore } from '../crud/entity/store';
import type { FigurePages } from './figureReader';

/** The loaded pages a FigureReader counts over (首页, 示例's 监控页): their models and one store each. */
export function figurePages(app: FastifyInstance, pages: readonly CompiledPage[], who: string): FigurePages {
  const dicts = new EntityDictionaries(app.db, app.dictionaries, pages);
  const stores = new Map<string, EntityStore>();
  const figures: FigurePages = {
    model(page) {
      const model = app.pageModels.get(page);
      if (!model) throw new Error(`${who}引用的页面 ${page} 未加载`);
      return model;
    },
    store(page) {
      let store = stores.get(page);
      if (!store) {
        store = new EntityStore(figures.model(page), dicts);
        stores.set(page, store);
      }
      return store;
    },
  };
  return figures;
}

/**
 * One dictionary service per host, so every widget and form of a page shares one memory cache and
 * one in-flight request per code (the service itself keeps the 7-day cache in host storage).
 */
import { createDictService, type DictService } from './dictService';
import type { Host } from '../host/types';

const services = new WeakMap<Host, DictService>();

export function dictServiceFor(host: Host): DictService {
  let service = services.get(host);
  if (!service) {
    service = createDictService(host);
    services.set(host, service);
  }
  return service;
}

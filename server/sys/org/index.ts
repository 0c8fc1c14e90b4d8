import type { FastifyPluginAsync } from 'fastify';
import { addressBookRoutes } from './addressBookRoutes';
import { departManageRoutes } from './departManageRoutes';
import { departPermissionRoutes } from './departPermissionRoutes';
import { departRoleRoutes } from './departRoleRoutes';
import { departRoutes } from './departRoutes';
import { departUserRoutes } from './departUserRoutes';
import { userRoutes } from './userRoutes';

/** The organisation endpoints the department and user pickers call: the department tree and the user directory. */
export const orgRoutes: FastifyPluginAsync = async (app) => {
  await app.register(departRoutes);
  await app.register(departManageRoutes);
  await app.register(departPermissionRoutes);
  await app.register(departRoleRoutes);
  await app.register(departUserRoutes);
  await app.register(addressBookRoutes);
  await app.register(userRoutes);
};

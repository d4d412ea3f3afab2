import { LOG_MODELS } from '@backoffice/shared';
import { hasRoute, type RouteName } from './paths';

const models: Record<string, { route: string | null; section?: string; icon: string }> = LOG_MODELS;

/** The admin route of a model (`Text` → contentText) when that screen exists in the route table. */
export function routeOfModel(model: string): RouteName | undefined {
  const route = Object.hasOwn(models, model) ? models[model].route : null;
  return hasRoute(route) ? route : undefined;
}

/** The screen a model's dashboard tile opens: its own list, else the section it lives in. */
export function sectionOfModel(model: string): RouteName | undefined {
  const section = Object.hasOwn(models, model) ? models[model].section : undefined;
  return hasRoute(section) ? section : routeOfModel(model);
}
